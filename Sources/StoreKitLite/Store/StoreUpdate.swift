/// One step of a store: the state after an action, the action, and the error if it failed.
///
/// The store publishes one update per reduced action (and one, with no action, for its initial
/// state). This is what RxState calls `CurrentStateLastAction`; observing middleware receives
/// these updates.
///
/// ```swift
/// store.updates.observeNext { update in
///     print(update.state, update.lastAction as Any, update.error as Any)
/// }
/// ```
public struct StoreUpdate<State, Action> {
    /// The current state (unchanged from the previous update when ``error`` is set).
    public var state: State
    /// The action that produced this update; `nil` for the initial state.
    public var lastAction: Action?
    /// Why the action could not be reduced; `nil` when it was.
    public var error: StoreError?

    /// Creates an update.
    ///
    /// - Parameters:
    ///   - state: The state after the action.
    ///   - lastAction: The action reduced, `nil` for the initial state.
    ///   - error: The reduction's failure, if any.
    @inlinable
    public init(state: State, lastAction: Action?, error: StoreError? = nil) {
        self.state = state
        self.lastAction = lastAction
        self.error = error
    }
}

extension StoreUpdate: Sendable where State: Sendable, Action: Sendable {}
extension StoreUpdate: Equatable where State: Equatable, Action: Equatable {}

/// RxState's name for a ``StoreUpdate``: the current state and the last action.
public typealias CurrentStateLastAction<State, Action> = StoreUpdate<State, Action>
