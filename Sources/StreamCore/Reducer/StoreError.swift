/// Why an action was not reduced: the typed error a ``Reducer`` throws to refuse an action, and
/// what a store's `send` throws for an action that did not change the state.
///
/// A refusal is ``rejected(_:)`` (a reason as text) or ``refused(_:)`` (a typed domain error of
/// your own, which handlers switch on: see ``Refusal``). A refused action leaves the state as the
/// reducer left it (reducers throw before they change anything). A StoreKitLite store publishes the failure in a `StoreUpdate` (its `error`), so
/// observing middleware such as `LoggingMiddleware` sees it, and `try await store.send(action)`
/// throws it to the sender; nothing traps.
///
/// ```swift
/// let withdraw = Reducer<Account, AccountAction> { account, action in
///     guard case .withdraw(let amount) = action else { return }
///     guard amount <= account.balance else { throw StoreError.rejected("insufficient funds") }
///     account.balance -= amount
/// }
/// ```
public enum StoreError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// An action was meant for a substate of this type, but no such substate is registered.
    case substateNotRegistered(String)
    /// A reducer refused the action, with a reason (thrown by user reducers).
    case rejected(String)
    /// A reducer refused the action with a typed domain error (thrown by user reducers as
    /// `throw .refusing(MyError.reason)`); read it back with ``refusal(as:)``.
    case refused(Refusal)
    /// A middleware stopped the action before the reducer (it returned `nil`, or it held the
    /// action back and released it without passing it on).
    case droppedByMiddleware
    /// The store no longer accepts actions: it was closed (a service shutting down), or it went
    /// away before the action ran.
    case storeClosed
    /// The task that sent the action was cancelled before the action was reduced, so it was not
    /// run (`Task` cancellation; `send` throws this typed equivalent of `CancellationError`).
    case cancelled
    /// The sender's deadline (`send(_:timeout:)`) passed before the action's outcome was known.
    /// `mayHaveRun: false`: the store had not begun the action, and never runs it.
    /// `mayHaveRun: true`: the store had begun it (its middleware, such as a journal waiting for
    /// its database, was running it), so it may still complete: the outcome is unknown, and a
    /// retry must be idempotent.
    case deadlineExceeded(mayHaveRun: Bool)
    /// The store's action queue was full and its overflow policy refused the action
    /// (`ActionQueuePolicy.bounded(_:whenFull:)` with `.fail`, or `.dropOldest` dropping this,
    /// the oldest queued action): it was never run.
    case queueFull

    /// A refusal with a typed domain error: `throw .refusing(BookingError.seatTaken)`.
    ///
    /// - Parameter error: Why the action is refused.
    /// - Returns: ``refused(_:)`` with the error.
    public static func refusing<Failure: Error & Equatable & Sendable>(_ error: Failure) -> StoreError {
        .refused(Refusal(error))
    }

    /// The domain error of a ``refused(_:)`` refusal, if it has type `type`; `nil` for any other
    /// error (including ``rejected(_:)``).
    ///
    /// ```swift
    /// if let why = error.refusal(as: BookingError.self) { … }
    /// ```
    ///
    /// - Parameter type: The domain error type.
    /// - Returns: The domain error, or `nil`.
    public func refusal<Failure: Error & Sendable>(as type: Failure.Type = Failure.self) -> Failure? {
        guard case .refused(let refusal) = self else { return nil }
        return refusal.error(as: type)
    }

    /// Whether a reducer refused the action (``rejected(_:)`` or ``refused(_:)``), as opposed to
    /// the action not reaching the reducer at all.
    public var isRefusal: Bool {
        switch self {
        case .rejected, .refused: true
        case .substateNotRegistered, .droppedByMiddleware, .storeClosed, .cancelled, .deadlineExceeded, .queueFull: false
        }
    }

    /// A readable description of the failure.
    public var description: String {
        switch self {
        case .substateNotRegistered(let type): "substate \(type) is not registered"
        case .rejected(let reason): "action rejected: \(reason)"
        case .refused(let refusal): "action refused: \(refusal)"
        case .droppedByMiddleware: "action dropped by a middleware"
        case .storeClosed: "the store no longer accepts actions"
        case .cancelled: "the sending task was cancelled before the action was reduced"
        case .deadlineExceeded(mayHaveRun: false): "the deadline passed before the action began; it was not run"
        case .deadlineExceeded(mayHaveRun: true): "the deadline passed while the action was running; its outcome is unknown"
        case .queueFull: "the store's action queue was full; the action was not run"
        }
    }
}
