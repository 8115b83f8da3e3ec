/// What a per-state effect does when a new state arrives while the previous effect still runs
/// (Spin's execution strategies).
///
/// ```swift
/// Feedback(effect: search, applying: .cancelOnNewState)   // the default: only the latest runs
/// Feedback(effect: upload, applying: .continueOnNewState) // every effect runs to its end
/// ```
public enum ExecutionStrategy: Sendable, Hashable {
    /// A new state disposes the running effect before starting the next one (`flatMapLatest`).
    case cancelOnNewState
    /// Running effects go on; their events are merged (`flatMapMerge`).
    case continueOnNewState
}
