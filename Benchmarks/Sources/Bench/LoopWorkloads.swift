import FeedbackLoop
import StreamCore

// MARK: W9 feedback loop, ReactiveToolkit cells (../shared/bench/WORKLOADS.md)
// Counter system: state Int = 0, one feedback emitting `.increment` for every state s < iterations
// and nothing otherwise, a reducer adding 1; run from start until the loop has reached
// `iterations` and stopped (synchronously, in constant stack), then tear it down.
// Each returns the final state: the harness checks it against `iterations`.

enum LoopEvent: Sendable { case increment }

/// W9 with the synchronous feedback form: `Feedback(reacting:)` answers a state with an event or
/// nothing, without building an effect signal per state.
func w9Toolkit(iterations: Int) -> Int? {
    let target = opaque(iterations)
    let box = LoopBox()
    let system = Signal<Int, Never>.system(
        initial: 0,
        reduce: { state, _ in state &+ 1 },
        feedbacks: [Feedback(reacting: { $0 < target ? LoopEvent.increment : nil })],
        diagnostics: .disabled
    )
    system.observeNext { box.last = $0 }.dispose()
    return box.last
}

/// W9 written as ReactiveFeedback's benchmark is: `Feedback(predicate:effects:)` whose effect is a
/// one-element signal, started (and cancelled by the next state) for every state.
func w9ToolkitPredicate(iterations: Int) -> Int {
    let target = opaque(iterations)
    let box = LoopBox()
    let system = Signal<Int, Never>.system(
        initial: 0,
        reduce: { state, _ in state &+ 1 },
        feedbacks: [Feedback(predicate: { $0 < target }, effects: { _ in Signal(just: LoopEvent.increment) })],
        diagnostics: .disabled
    )
    system.observeNext { box.last = $0 }.dispose()
    return box.last
}

/// The last state the observer saw (written on the loop's thread only).
final class LoopBox: @unchecked Sendable {
    // @unchecked Sendable: the loop is synchronous; only the thread running it touches `last`.
    var last = 0
}
