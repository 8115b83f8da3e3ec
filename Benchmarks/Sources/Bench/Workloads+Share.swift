import StreamCore

// MARK: W7 share

/// Source subject → `share(limit: 1)` → 10 summing observers, all attached before the first send.
func w7Toolkit(_ n: Int) -> Int {
    let box = SumBox()
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(limit: 1)
    let disposables = (0..<10).map { _ in shared.observeNext { box.sum &+= $0 } }
    for i in 0..<opaque(n) { source.send(i) }
    disposables.forEach { $0.dispose() }
    return box.sum
}

/// The source slot list holds one closure that stores the last value and forwards to a slot list
/// of 10 closures.
func w7Mini(_ n: Int) -> Int {
    let box = SumBox()
    let fanout = MiniSubject()
    for _ in 0..<10 { _ = fanout.add({ box.sum &+= $0 }) }
    let last = SumBox()
    let source = MiniSubject()
    _ = source.add({ value in
        last.sum = value
        fanout.send(value)
    })
    for i in 0..<opaque(n) { source.send(i) }
    return box.sum
}
