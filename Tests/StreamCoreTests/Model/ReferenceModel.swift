/// The reference semantics of the operators the model test uses, written from their documented
/// behaviour as plain functions from arrays of timed events to arrays of timed events. It knows
/// nothing about the library: no observers, no locks, no scheduler.
///
/// Every pipeline is observed at tick 0. A stream ends at its first terminal event; one without
/// a terminal event simply stops (its source never finished).
enum ReferenceModel {
    static func evaluate(_ pipeline: Pipeline) -> [Timed] {
        switch pipeline {
        case .source(_, let script):
            return script.events
        case .delay(let upstream, let ticks):
            return evaluate(upstream).map { Timed(tick: $0.tick + ticks, event: $0.event) }
        case .debounce(let upstream, let ticks):
            return debounce(evaluate(upstream), ticks: ticks)
        case .map(let upstream, let multiply, let add):
            return mapElements(evaluate(upstream)) { $0 * multiply + add }
        case .filter(let upstream, let modulus, let remainder):
            return evaluate(upstream).filter { item in
                guard case .next(let value) = item.event else { return true }
                return value % modulus == remainder
            }
        case .scan(let upstream):
            var total = 0
            return mapElements(evaluate(upstream)) { value in
                total += value
                return total
            }
        case .take(let upstream, let count):
            var output: [Timed] = []
            var taken = 0
            for item in evaluate(upstream) {
                output.append(item)
                if item.event.isTerminal { break }
                taken += 1
                if taken == count {
                    output.append(Timed(tick: item.tick, event: .completed))
                    break
                }
            }
            return output
        case .skip(let upstream, let count):
            var seen = 0
            return evaluate(upstream).filter { item in
                guard case .next = item.event else { return true }
                seen += 1
                return seen > count
            }
        case .takeWhile(let upstream, let below):
            var output: [Timed] = []
            for item in evaluate(upstream) {
                if case .next(let value) = item.event, value >= below {
                    output.append(Timed(tick: item.tick, event: .completed))
                    break
                }
                output.append(item)
            }
            return output
        case .skipWhile(let upstream, let below):
            var skipping = true
            return evaluate(upstream).filter { item in
                guard case .next(let value) = item.event else { return true }
                if skipping, value < below { return false }
                skipping = false
                return true
            }
        case .distinct(let upstream):
            var last: Int?
            return evaluate(upstream).filter { item in
                guard case .next(let value) = item.event else { return true }
                defer { last = value }
                return value != last
            }
        case .pairwise(let upstream):
            var previous: Int?
            var output: [Timed] = []
            for item in evaluate(upstream) {
                guard case .next(let value) = item.event else {
                    output.append(item)
                    continue
                }
                if let previous { output.append(Timed(tick: item.tick, event: .next(previous * 10 + value))) }
                previous = value
            }
            return output
        case .prepend(let upstream, let value):
            return [Timed(tick: 0, event: .next(value))] + evaluate(upstream)
        case .append(let upstream, let value):
            var output: [Timed] = []
            for item in evaluate(upstream) {
                if item.event == .completed { output.append(Timed(tick: item.tick, event: .next(value))) }
                output.append(item)
            }
            return output
        case .merge(let lhs, let rhs):
            var done = [false, false]
            var output: [Timed] = []
            for (side, item) in interleave(evaluate(lhs), evaluate(rhs)) {
                switch item.event {
                case .next: output.append(item)
                case .failed: return output + [item]
                case .completed:
                    done[side] = true
                    if done[0], done[1] { return output + [item] }
                }
            }
            return output
        case .combineLatest(let lhs, let rhs):
            var done = [false, false]
            var latest: [Int?] = [nil, nil]
            var output: [Timed] = []
            for (side, item) in interleave(evaluate(lhs), evaluate(rhs)) {
                switch item.event {
                case .next(let value):
                    latest[side] = value
                    if let a = latest[0], let b = latest[1] {
                        output.append(Timed(tick: item.tick, event: .next(a * 7 + b)))
                    }
                case .failed: return output + [item]
                case .completed:
                    done[side] = true
                    if done[0], done[1] { return output + [item] }
                }
            }
            return output
        case .flatMapLatest(let outer, let inners):
            return flatMapLatest(evaluate(outer), inners: inners)
        }
    }

    private static func mapElements(_ input: [Timed], _ transform: (Int) -> Int) -> [Timed] {
        input.map { item in
            guard case .next(let value) = item.event else { return item }
            return Timed(tick: item.tick, event: .next(transform(value)))
        }
    }

    /// Both streams in tick order; on a tie, the left one first (it was subscribed first).
    private static func interleave(_ lhs: [Timed], _ rhs: [Timed]) -> [(Int, Timed)] {
        var output: [(Int, Timed)] = []
        var left = 0
        var right = 0
        while left < lhs.count || right < rhs.count {
            if right == rhs.count || (left < lhs.count && lhs[left].tick <= rhs[right].tick) {
                output.append((0, lhs[left]))
                left += 1
            } else {
                output.append((1, rhs[right]))
                right += 1
            }
        }
        return output
    }

    /// Each element restarts a quiet period of `ticks`; the element is sent when it ends. The
    /// completion flushes the pending element first; a failure drops it.
    private static func debounce(_ input: [Timed], ticks: Int) -> [Timed] {
        var output: [Timed] = []
        var pending: (value: Int, due: Int)?
        for item in input {
            if let waiting = pending, waiting.due < item.tick {
                output.append(Timed(tick: waiting.due, event: .next(waiting.value)))
                pending = nil
            }
            switch item.event {
            case .next(let value):
                pending = (value, item.tick + ticks)
            case .completed:
                if let waiting = pending { output.append(Timed(tick: item.tick, event: .next(waiting.value))) }
                return output + [item]
            case .failed:
                return output + [item]
            }
        }
        if let waiting = pending { output.append(Timed(tick: waiting.due, event: .next(waiting.value))) }
        return output
    }

    /// Each outer element `v` switches to inner script `v % count`, started at that tick. Ends
    /// when the outer and the current inner have completed; fails when either fails.
    private static func flatMapLatest(_ outer: [Timed], inners: [Script]) -> [Timed] {
        var output: [Timed] = []
        var inner: [Timed] = []  // the current inner's remaining events, absolute ticks
        var innerActive = false
        var outerDone = false
        var outerIndex = 0
        while true {
            let nextOuter = outerIndex < outer.count ? outer[outerIndex] : nil
            let nextInner = innerActive ? inner.first : nil
            if let innerItem = nextInner, nextOuter.map({ innerItem.tick < $0.tick }) ?? true {
                inner.removeFirst()
                switch innerItem.event {
                case .next: output.append(innerItem)
                case .failed: return output + [innerItem]
                case .completed:
                    innerActive = false
                    if outerDone { return output + [innerItem] }
                }
                continue
            }
            guard let outerItem = nextOuter else { return output }
            outerIndex += 1
            switch outerItem.event {
            case .next(let value):
                let script = inners[((value % inners.count) + inners.count) % inners.count]
                inner = script.events.map { Timed(tick: outerItem.tick + $0.tick, event: $0.event) }
                innerActive = true
            case .failed:
                return output + [outerItem]
            case .completed:
                outerDone = true
                if !innerActive { return output + [outerItem] }
            }
        }
    }
}
