// MARK: W9 feedback loop, plain-loop baseline
// `while let e = feedback(state) { reduce(&state, e) }` with both closures opaque.

/// The counter system's one event.
enum CounterEvent: Sendable { case increment }

func w9Baseline(iterations: Int) -> Int {
    let target = opaque(iterations)
    let feedback: (Int) -> CounterEvent? = opaque({ $0 < target ? .increment : nil })
    let reduce: (inout Int, CounterEvent) -> Void = opaque({ state, _ in state &+= 1 })
    var state = 0
    while let event = feedback(state) { reduce(&state, event) }
    return state
}

/// Size of the synchronous OpenCombine W9 row. That loop recurses once per iteration (about 2 KiB
/// of stack each): on the 8 MiB main-thread stack 3_600 iterations ran and 4_000 crashed (measured
/// on the project's Linux machine), so the row uses 1_000, well inside the limit.
let w9SyncSize = 1_000
