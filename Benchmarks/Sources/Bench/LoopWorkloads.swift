// MARK: W9 feedback loop, ReactiveToolkit cell (../shared/bench/WORKLOADS.md)
// Counter system: state Int = 0, one feedback emitting `.increment` for every state s < iterations
// and nothing otherwise, a reducer adding 1; run from start until the loop has reached
// `iterations` and stopped (synchronously, in constant stack), then tear it down.
// Return the final state: the harness checks it against `iterations`.
//
// Hook for the FeedbackLoop module (`Signal.system(initial:reduce:feedbacks:)`): returns nil
// until it is implemented; the report then prints "pending" in this cell.

func w9Toolkit(iterations: Int) -> Int? {
    nil
}
