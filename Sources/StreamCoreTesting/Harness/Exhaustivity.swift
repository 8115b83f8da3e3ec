/// How strictly a test harness — StoreKitLiteTesting's `TestStore`, FeedbackLoopTesting's
/// `TestLoop` — checks a test (TCA's `Exhaustivity`).
///
/// ```swift
/// let store = TestStore(initialState: AppState(), reducer: app, exhaustivity: .off)
/// let loop = TestLoop(initial: State(), reducer: reducer, feedbacks: feedbacks, exhaustivity: .off)
/// ```
///
/// Both harnesses read it the same way:
///
/// | | ``on`` | ``off`` |
/// |---|---|---|
/// | `assert` closure | turns the state *before* into the whole expected state | sets fields on the *actual* state; only those are checked |
/// | values fed back | held (not reduced) until `receive` asserts them, oldest first | reduced as the real system would; `receive` skips to the first match |
/// | `send` with values unasserted | a failure | skips them |
/// | `finish`, or going away without it, with leftovers | a failure at the call (or creation) line | not a failure |
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change and every value fed back must be asserted, one at a time and in
    /// order; leftovers (values not asserted, effects still running) fail the test.
    case on
    /// Only what the test asserts is checked: the `assert` closures set the fields to check on
    /// the actual state, `receive` skips the values before the one it expects, and leftovers are
    /// not failures.
    case off
}
