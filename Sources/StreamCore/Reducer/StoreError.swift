/// Why an action was not reduced: the typed error a ``Reducer`` throws to refuse an action, and
/// what a store's `send` throws for an action that did not change the state.
///
/// A refused action leaves the state as the reducer left it (reducers throw before they change
/// anything). A StoreKitLite store publishes the failure in a `StoreUpdate` (its `error`), so
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
    /// A middleware stopped the action before the reducer (it returned `nil`, or it held the
    /// action back and released it without passing it on).
    case droppedByMiddleware
    /// The store no longer accepts actions: it was closed (a service shutting down), or it went
    /// away before the action ran.
    case storeClosed

    /// A readable description of the failure.
    public var description: String {
        switch self {
        case .substateNotRegistered(let type): "substate \(type) is not registered"
        case .rejected(let reason): "action rejected: \(reason)"
        case .droppedByMiddleware: "action dropped by a middleware"
        case .storeClosed: "the store no longer accepts actions"
        }
    }
}
