import Dispatch
import OpenCombine
import OpenCombineDispatch

// MARK: W9 feedback loop, OpenCombine
// As a Combine user writes a feedback system: the state in a `CurrentValueSubject`, an event
// `PassthroughSubject` whose sink reduces and sends the new state, and one feedback
// `state.filter { $0 < target }.flatMap { _ in Just(.increment) }` whose output is sent as an event.

/// Synchronous: every iteration runs inside the previous state's delivery, so the stack grows
/// with the iteration count: it overflows the 8 MiB main-thread stack at about 4_000 iterations
/// (see `w9SyncSize`).
func w9OpenCombineSync(iterations: Int) -> Int {
    let target = opaque(iterations)
    let state = CurrentValueSubject<Int, Never>(0)
    let events = PassthroughSubject<CounterEvent, Never>()
    let reducer = events.sink { _ in state.send(state.value &+ 1) }
    let feedback = state
        .filter { $0 < target }
        .flatMap { _ in Just(CounterEvent.increment) }
        .sink { events.send($0) }
    let result = state.value
    feedback.cancel()
    reducer.cancel()
    return result
}

/// With a `receive(on:)` hop to a serial `DispatchQueue` per iteration (constant stack); the caller
/// blocks on a semaphore signalled when the state reaches the target, as in the W9_sysq variant.
func w9OpenCombineHop(iterations: Int) -> Int {
    let target = opaque(iterations)
    let queue = DispatchQueue(label: "w9.opencombine")
    let done = DispatchSemaphore(value: 0)
    let state = CurrentValueSubject<Int, Never>(0)
    let events = PassthroughSubject<CounterEvent, Never>()
    let detector = state.sink { if $0 == target { done.signal() } }
    let reducer = events.sink { _ in state.send(state.value &+ 1) }
    let feedback = state
        .receive(on: queue.ocombine)
        .filter { $0 < target }
        .flatMap { _ in Just(CounterEvent.increment) }
        .sink { events.send($0) }
    done.wait()
    let result = queue.sync { state.value }
    feedback.cancel()
    reducer.cancel()
    detector.cancel()
    return result
}
