/// The randomized model test's vocabulary: a pipeline is a tree of operators over scripted
/// sources; every source event and every operator output is a `Timed` event at a virtual tick.
///
/// Ticks are laid out so that the order of two things happening at the same tick never depends on
/// the scheduler's tie-breaking (which the reference model does not simulate):
/// - every source has its own id `s` in `0..<20`; its events (and those of the inner sources of a
///   `flatMapLatest`) fall on ticks `≡ s (mod 20)`, so events of different sources never share a
///   tick;
/// - a top-level source's own events fall on ticks `≡ s (mod 40)`, and timer operators (which
///   sit directly on a source) shift by durations `≡ 20 (mod 40)`, so a timer never fires at the
///   tick of one of its source's events;
/// - the only same-tick events of different sources are `prepend`'s elements at tick 0, sent in
///   subscription order (left operand first).
enum ModelEvent: Equatable, CustomStringConvertible {
    case next(Int)
    case failed
    case completed

    var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    var description: String {
        switch self {
        case .next(let value): "\(value)"
        case .failed: "#"
        case .completed: "|"
        }
    }
}

struct Timed: Equatable, CustomStringConvertible {
    var tick: Int
    var event: ModelEvent

    var description: String { "\(event)@\(tick)" }
}

/// The failure every failing source sends.
struct ModelError: Error, Equatable {}

/// A source's events, at ticks relative to its subscription.
struct Script: CustomStringConvertible {
    var events: [Timed]

    var description: String { "[" + events.map(\.description).joined(separator: " ") + "]" }
}

/// A pipeline: what the test builds with the library and what the reference model evaluates.
indirect enum Pipeline: CustomStringConvertible {
    case source(id: Int, Script)
    case delay(Pipeline, ticks: Int)
    case debounce(Pipeline, ticks: Int)
    case map(Pipeline, multiply: Int, add: Int)
    case filter(Pipeline, modulus: Int, remainder: Int)
    case scan(Pipeline)
    case take(Pipeline, count: Int)
    case skip(Pipeline, count: Int)
    case takeWhile(Pipeline, below: Int)
    case skipWhile(Pipeline, below: Int)
    case distinct(Pipeline)
    case pairwise(Pipeline)
    case prepend(Pipeline, Int)
    case append(Pipeline, Int)
    case merge(Pipeline, Pipeline)
    case combineLatest(Pipeline, Pipeline)
    case flatMapLatest(Pipeline, inners: [Script])

    var description: String {
        switch self {
        case .source(let id, let script): "source\(id)\(script)"
        case .delay(let upstream, let ticks): "\(upstream).delay(\(ticks))"
        case .debounce(let upstream, let ticks): "\(upstream).debounce(\(ticks))"
        case .map(let upstream, let multiply, let add): "\(upstream).map(*\(multiply)+\(add))"
        case .filter(let upstream, let modulus, let remainder): "\(upstream).filter(%\(modulus)==\(remainder))"
        case .scan(let upstream): "\(upstream).scan(0,+)"
        case .take(let upstream, let count): "\(upstream).take(first: \(count))"
        case .skip(let upstream, let count): "\(upstream).skip(first: \(count))"
        case .takeWhile(let upstream, let below): "\(upstream).take(while: <\(below))"
        case .skipWhile(let upstream, let below): "\(upstream).skip(while: <\(below))"
        case .distinct(let upstream): "\(upstream).distinctUntilChanged()"
        case .pairwise(let upstream): "\(upstream).pairwise().map(a*10+b)"
        case .prepend(let upstream, let value): "\(upstream).prepend(\(value))"
        case .append(let upstream, let value): "\(upstream).append(\(value))"
        case .merge(let lhs, let rhs): "merge(\(lhs), \(rhs))"
        case .combineLatest(let lhs, let rhs): "combineLatest(\(lhs), \(rhs)){a*7+b}"
        case .flatMapLatest(let outer, let inners):
            "\(outer).flatMapLatest(v % \(inners.count) → \(inners.map(\.description).joined(separator: ", ")))"
        }
    }
}

/// Generates a random pipeline from a seed.
struct PipelineGenerator {
    private var random: SplitMix64
    private var nextID = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A pipeline of at most `depth` levels of binary operators (at most 2^depth sources plus one
    /// inner id per `flatMapLatest`, well under 20).
    mutating func pipeline(depth: Int = 3) -> Pipeline {
        var node: Pipeline
        switch depth > 0 ? random.int(0...9) : 0 {
        case 0...3: node = leaf()
        case 4...5: node = .merge(pipeline(depth: depth - 1), pipeline(depth: depth - 1))
        case 6...7: node = .combineLatest(pipeline(depth: depth - 1), pipeline(depth: depth - 1))
        default: node = flatMapLatest()
        }
        return unaryOperators(on: node, allowPrepend: true)
    }

    /// A source, maybe behind one timer operator.
    private mutating func leaf() -> Pipeline {
        let id = nextID
        nextID += 1
        var events: [Timed] = []
        var slot = 0
        for _ in 0..<random.int(0...6) {
            slot += random.int(1...3)
            events.append(Timed(tick: id + 40 * slot, event: .next(random.int(0...9))))
        }
        slot += random.int(1...2)
        switch random.int(0...9) {
        case 0...5: events.append(Timed(tick: id + 40 * slot, event: .completed))
        case 6: events.append(Timed(tick: id + 40 * slot, event: .failed))
        default: break
        }
        let source = Pipeline.source(id: id, Script(events: events))
        switch random.int(0...9) {
        case 0...1: return .delay(source, ticks: 20 + 40 * random.int(0...2))
        case 2...3: return .debounce(source, ticks: 20 + 40 * random.int(0...2))
        default: return source
        }
    }

    /// A `flatMapLatest` whose outer signal is a single source under unary operators (so its
    /// elements arrive on ticks `≡ outer id (mod 20)`), and whose inner sources share one id.
    private mutating func flatMapLatest() -> Pipeline {
        let outerID = nextID
        let outer = unaryOperators(on: leaf(), allowPrepend: false)
        let innerID = nextID
        nextID += 1
        let offset = ((innerID - outerID) % 20 + 20) % 20
        var inners: [Script] = []
        for _ in 0..<random.int(1...3) {
            var events: [Timed] = []
            var slot = -1
            for _ in 0..<random.int(0...4) {
                slot += random.int(1...2)
                events.append(Timed(tick: offset + 20 * slot, event: .next(random.int(0...9))))
            }
            slot += 1
            switch random.int(0...9) {
            case 0...6: events.append(Timed(tick: offset + 20 * slot, event: .completed))
            case 7: events.append(Timed(tick: offset + 20 * slot, event: .failed))
            default: break
            }
            inners.append(Script(events: events))
        }
        return .flatMapLatest(outer, inners: inners)
    }

    /// Zero to three random element-wise operators on top of `node`.
    private mutating func unaryOperators(on node: Pipeline, allowPrepend: Bool) -> Pipeline {
        var node = node
        for _ in 0..<random.int(0...3) {
            switch random.int(0...12) {
            case 0: node = .map(node, multiply: random.int(1...3), add: random.int(0...5))
            case 1: node = .filter(node, modulus: random.int(2...3), remainder: random.int(0...1))
            case 2: node = .scan(node)
            case 3: node = .take(node, count: random.int(1...4))
            case 4: node = .skip(node, count: random.int(1...3))
            case 5: node = .takeWhile(node, below: random.int(3...12))
            case 6: node = .skipWhile(node, below: random.int(2...8))
            case 7: node = .distinct(node)
            case 8: node = .pairwise(node)
            case 9: node = allowPrepend ? .prepend(node, random.int(0...9)) : .distinct(node)
            case 10: node = .append(node, random.int(0...9))
            default: break
            }
        }
        return node
    }
}
