import StreamCore

// MARK: W5 flatMapLatest

/// Outer subject → `flatMapLatest { .just($0) }` → one summing observer; send 0..<n.
func w5Toolkit(_ n: Int) -> Int {
    let box = SumBox()
    let outer = PassthroughSubject<Int, Never>()
    let disposable = outer.flatMapLatest { Signal<Int, Never>.just($0) }.observeNext { box.sum &+= $0 }
    for i in 0..<opaque(n) { outer.send(i) }
    disposable.dispose()
    return box.sum
}

/// Per outer value: a transform returns a freshly allocated "just" closure, stored as current and
/// invoked with the sink.
func w5Baseline(_ n: Int) -> Int {
    let box = SumBox()
    let sink: (Int) -> Void = opaque({ box.sum &+= $0 })
    let transform: (Int) -> ((Int) -> Void) -> Void = opaque({ x in { k in k(x) } })
    var current: (((Int) -> Void) -> Void)?
    for i in 0..<opaque(n) {
        current = transform(i)
        current?(sink)
    }
    _ = current
    return box.sum
}

// MARK: W6 combineLatest

/// Two subjects combined; even i is sent on `a`, odd i on `b`; the observer adds x + y.
func w6Toolkit(_ n: Int) -> Int {
    let box = SumBox()
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let disposable = a.combineLatest(with: b).observeNext { x, y in box.sum &+= x &+ y }
    for i in 0..<opaque(n) {
        if i % 2 == 0 { a.send(i) } else { b.send(i) }
    }
    disposable.dispose()
    return box.sum
}

/// The same with two mini subjects whose observers keep the latest values and call the sink.
func w6Mini(_ n: Int) -> Int {
    let box = SumBox()
    let latestA = SumBox()
    let latestB = SumBox()
    let seen = SumBox()
    let sink: (Int, Int) -> Void = opaque({ box.sum &+= $0 &+ $1 })
    let a = MiniSubject()
    let b = MiniSubject()
    _ = a.add({ value in
        latestA.sum = value
        seen.sum |= 1
        if seen.sum == 3 { sink(value, latestB.sum) }
    })
    _ = b.add({ value in
        latestB.sum = value
        seen.sum |= 2
        if seen.sum == 3 { sink(latestA.sum, value) }
    })
    for i in 0..<opaque(n) {
        if i % 2 == 0 { a.send(i) } else { b.send(i) }
    }
    return box.sum
}

/// The checksum by a plain loop.
func w6Expected(_ n: Int) -> Int {
    var sum = 0
    var a: Int?
    var b: Int?
    for i in 0..<n {
        if i % 2 == 0 { a = i } else { b = i }
        if let a, let b { sum &+= a &+ b }
    }
    return sum
}
