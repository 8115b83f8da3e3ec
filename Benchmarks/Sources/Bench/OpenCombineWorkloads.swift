import OpenCombine

// The OpenCombine 0.14.0 column (../shared/bench/WORKLOADS.md, "For OpenCombine"). This file
// imports OpenCombine only, so `PassthroughSubject` here is OpenCombine's.

// MARK: W1 chain, W1s streaming chain

/// `(0..<n).publisher.map.filter.map` as a Combine user writes it. `Publishers.Sequence.map/filter`
/// are eager overloads: the chain collapses to `Publishers.Sequence<[Int]>` (two arrays are built).
func w1OpenCombine(_ n: Int) -> Int {
    let box = SumBox()
    let cancellable = (0..<opaque(n)).publisher
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .map { $0 &+ 1 }
        .sink { box.sum &+= $0 }
    cancellable.cancel()
    return box.sum
}

/// W1s: the same chain with the operator structs built explicitly, a true streaming pipeline.
func w1sOpenCombine(_ n: Int) -> Int {
    let box = SumBox()
    let source = (0..<opaque(n)).publisher
    let doubled = Publishers.Map(upstream: source) { $0 &* 2 }
    let filtered = Publishers.Filter(upstream: doubled) { $0 % 3 != 0 }
    let incremented = Publishers.Map(upstream: filtered) { $0 &+ 1 }
    let cancellable = incremented.sink { box.sum &+= $0 }
    cancellable.cancel()
    return box.sum
}

// MARK: W2 subject, W3 fanout

func w2OpenCombine(_ n: Int) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { box.sum &+= $0 }
    for i in 0..<opaque(n) { subject.send(i) }
    cancellable.cancel()
    return box.sum
}

func w3OpenCombine(_ n: Int, observers: Int) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<observers).map { _ in subject.sink { box.sum &+= $0 } }
    for i in 0..<opaque(n) { subject.send(i) }
    cancellables.forEach { $0.cancel() }
    return box.sum
}

// MARK: W4 churn, W4b mass dispose

func w4OpenCombine(_ n: Int) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    for _ in 0..<opaque(n) {
        let cancellable = subject.sink { box.sum &+= $0 }
        cancellable.cancel()
    }
    subject.send(1)
    return box.sum &+ n
}

func w4bOpenCombine(_ n: Int, order: [Int], clock: PhaseClock? = nil) -> Int {
    let box = SumBox()
    let subject = PassthroughSubject<Int, Never>()
    var cancellables: [AnyCancellable] = []
    cancellables.reserveCapacity(n)
    clock?.mark()
    for _ in 0..<opaque(n) { cancellables.append(subject.sink { box.sum &+= $0 }) }
    clock?.mark()
    for index in order { cancellables[index].cancel() }
    clock?.mark()
    subject.send(1)
    return box.sum &+ n
}

// MARK: W5 switchToLatest

func w5OpenCombine(_ n: Int) -> Int {
    let box = SumBox()
    let outer = PassthroughSubject<Int, Never>()
    let cancellable = outer.map { Just($0) }.switchToLatest().sink { box.sum &+= $0 }
    for i in 0..<opaque(n) { outer.send(i) }
    cancellable.cancel()
    return box.sum
}

// MARK: W7 share (replay 0: Combine has no replaying share)

func w7OpenCombine(_ n: Int) -> Int {
    let box = SumBox()
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share()
    let cancellables = (0..<10).map { _ in shared.sink { box.sum &+= $0 } }
    for i in 0..<opaque(n) { source.send(i) }
    cancellables.forEach { $0.cancel() }
    return box.sum
}
