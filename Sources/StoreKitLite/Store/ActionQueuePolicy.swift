/// How a store queues actions from outside while it is busy: without a bound, or up to a
/// capacity with an explicit rule for producers that outrun the reducer.
///
/// ```swift
/// // A service's store: at most 10,000 actions wait; a producer past that waits for room
/// // (`send` suspends, `dispatch` blocks its thread).
/// let store = Store(initialState: Orders(), reducer: orders, queue: .bounded(10_000, whenFull: .suspend))
///
/// // A telemetry store that would rather lose the oldest samples than wait.
/// let samples = Store(initialState: Samples(), reducer: samples, queue: .bounded(1_000, whenFull: .dropOldest))
/// ```
///
/// The bound counts the *outside* actions other threads queued behind the thread that holds the
/// dispatch role: those from ``Store/dispatch(_:)-(Action)``, ``Store/send(_:)``,
/// ``Store/send(_:timeout:)`` and ``Store/sendTracked(_:)``. Actions the store's own work queues
/// are never refused, dropped or delayed by it: those a middleware, an observer or an effect
/// dispatches on the holding thread (so nothing can wait for itself), those effects send from
/// other threads, a middleware's `next`, a held action's release and a journal's replicated
/// actions. So the queue can hold more than the capacity while the store's own work adds to it,
/// never because outside producers do.
public enum ActionQueuePolicy: Sendable, Hashable {
    /// No bound: every action is queued (the default; memory grows while producers outrun the
    /// reducer).
    case unbounded
    /// At most `capacity` outside actions queued (a capacity below 1 counts as 1); `whenFull`
    /// says what happens to an outside action that finds the queue full.
    case bounded(Int, whenFull: Overflow)

    /// What happens to an outside action that finds a bounded queue full.
    public enum Overflow: Sendable, Hashable {
        /// The producer waits, in arrival order with the other waiting producers, until there is
        /// room: `send` suspends its task (no thread is blocked); `dispatch` and `sendTracked`
        /// block the calling thread. Nothing is lost. Use `send` from async code: a blocked
        /// `dispatch` on a cooperative thread holds that thread until the store catches up.
        case suspend
        /// The new action is refused and never run: `send` throws ``StoreError/queueFull``,
        /// `sendTracked`'s state throws it, and `dispatch` drops the action (drop newest).
        case fail
        /// The oldest queued outside action is dropped to make room (never run; its sender gets
        /// ``StoreError/queueFull``), and the new action is queued.
        case dropOldest

        /// Drop the newest action: the same as ``fail`` (the sender learns it from the error).
        public static var dropNewest: Overflow { .fail }
    }

    /// The capacity of a bounded policy (at least 1), or `nil` if unbounded.
    public var capacity: Int? {
        switch self {
        case .unbounded: nil
        case .bounded(let capacity, _): max(1, capacity)
        }
    }
}
