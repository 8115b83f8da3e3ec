import StreamCore

// Workload definitions follow ../shared/bench/WORKLOADS.md exactly.

// MARK: W1 chain

func w1Toolkit(_ n: Int) -> Int {
    let box = SumBox()
    let disposable = Signal<Int, Never>.sequence(0..<opaque(n))
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .map { $0 &+ 1 }
        .observeNext { box.sum &+= $0 }
    disposable.dispose()
    return box.sum
}

/// W1 with the user's closures hidden from the optimiser, as the baseline's are (`opaque`): the
/// operators' own cost per stage, which W1 (closure literals the optimiser may inline into the
/// chain, as it does in an app) does not show.
func w1ToolkitOpaque(_ n: Int) -> Int {
    let box = SumBox()
    let double: @Sendable (Int) -> Int = { $0 &* 2 }
    let keep: @Sendable (Int) -> Bool = { $0 % 3 != 0 }
    let increment: @Sendable (Int) -> Int = { $0 &+ 1 }
    let add: @Sendable (Int) -> Void = { box.sum &+= $0 }
    let f = opaque(double), g = opaque(keep), h = opaque(increment), sink = opaque(add)
    let disposable = Signal<Int, Never>.sequence(0..<opaque(n))
        .map(f)
        .filter(g)
        .map(h)
        .observeNext(with: sink)
    disposable.dispose()
    return box.sum
}

func w1Baseline(_ n: Int) -> Int {
    let box = SumBox()
    let f: (Int) -> Int = opaque({ $0 &* 2 })
    let g: (Int) -> Bool = opaque({ $0 % 3 != 0 })
    let h: (Int) -> Int = opaque({ $0 &+ 1 })
    let sink: (Int) -> Void = opaque({ box.sum &+= $0 })
    for i in 0..<opaque(n) {
        let a = f(i)
        if g(a) { sink(h(a)) }
    }
    return box.sum
}

func w1Expected(_ n: Int) -> Int {
    var sum = 0
    for i in 0..<n where (2 * i) % 3 != 0 { sum &+= 2 * i + 1 }
    return sum
}

// MARK: W2 subject, W3 fanout

func w2Toolkit(_ n: Int) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    let disposable = subject.observeNext { box.sum &+= $0 }
    for i in 0..<opaque(n) { subject.send(i) }
    disposable.dispose()
    return box.sum
}

/// The "mini" baseline: an unsynchronised slot list of optional closures with a free list.
final class MiniSubject {
    var slots: [((Int) -> Void)?] = []
    var free: [Int] = []
    func add(_ observer: @escaping (Int) -> Void) -> Int {
        if let index = free.popLast() { slots[index] = observer; return index }
        slots.append(observer)
        return slots.count - 1
    }
    func remove(_ index: Int) { slots[index] = nil; free.append(index) }
    func send(_ value: Int) { for slot in slots { slot?(value) } }
}

func w2Mini(_ n: Int) -> Int {
    let box = SumBox()
    let subject = MiniSubject()
    let token = subject.add({ box.sum &+= $0 })
    for i in 0..<opaque(n) { subject.send(i) }
    subject.remove(token)
    return box.sum
}

func w2Bare(_ n: Int) -> Int {
    let box = SumBox()
    let sink: (Int) -> Void = opaque({ box.sum &+= $0 })
    for i in 0..<opaque(n) { sink(i) }
    return box.sum
}

func w3Toolkit(_ n: Int, observers: Int) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    let disposables = (0..<observers).map { _ in subject.observeNext { box.sum &+= $0 } }
    for i in 0..<opaque(n) { subject.send(i) }
    disposables.forEach { $0.dispose() }
    return box.sum
}

func w3Mini(_ n: Int, observers: Int) -> Int {
    let box = SumBox()
    let subject = MiniSubject()
    for _ in 0..<observers { _ = subject.add({ box.sum &+= $0 }) }
    for i in 0..<opaque(n) { subject.send(i) }
    return box.sum
}

// MARK: W4 churn, W4b mass dispose

func w4Toolkit(_ n: Int) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    for _ in 0..<opaque(n) {
        let disposable = subject.observeNext { box.sum &+= $0 }
        disposable.dispose()
    }
    subject.send(1)
    return box.sum &+ n
}

func w4Mini(_ n: Int) -> Int {
    let box = SumBox()
    let subject = MiniSubject()
    for _ in 0..<opaque(n) {
        let token = subject.add({ box.sum &+= $0 })
        subject.remove(token)
    }
    subject.send(1)
    return box.sum &+ n
}

struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func shuffledOrder(_ n: Int) -> [Int] {
    var order = Array(0..<n)
    var rng = SplitMix64(state: 42)
    var i = n - 1
    while i >= 1 {
        let j = Int(rng.next() % UInt64(i + 1))
        order.swapAt(i, j)
        i -= 1
    }
    return order
}

func w4bToolkit(_ n: Int, order: [Int], clock: PhaseClock? = nil) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    var disposables: [any Disposable] = []
    disposables.reserveCapacity(n)
    clock?.mark()
    for _ in 0..<opaque(n) { disposables.append(subject.observeNext { box.sum &+= $0 }) }
    clock?.mark()
    for index in order { disposables[index].dispose() }
    clock?.mark()
    subject.send(1)
    return box.sum &+ n
}

func w4bMini(_ n: Int, order: [Int], clock: PhaseClock? = nil) -> Int {
    let box = SumBox()
    let subject = MiniSubject()
    var tokens: [Int] = []
    clock?.mark()
    for _ in 0..<opaque(n) { tokens.append(subject.add({ box.sum &+= $0 })) }
    clock?.mark()
    for index in order { subject.remove(tokens[index]) }
    clock?.mark()
    subject.send(1)
    return box.sum &+ n
}
