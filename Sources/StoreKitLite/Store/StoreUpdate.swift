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
    /// The failure, boxed: an optional reference keeps the update cheap to copy on the dispatch
    /// path (a `StoreError?` would be a multi-payload enum copied through value witnesses).
    @usableFromInline
    var failure: StoreFailureBox?
    /// The update's position in the store's history: the number of actions the store had
    /// processed (reduced or refused) when it was made; 0 for the initial state. Updates arrive
    /// with increasing numbers.
    public var sequence: UInt64 { storedSequence }
    @usableFromInline
    var storedSequence: UInt64 = 0

    /// Why the action could not be reduced; `nil` when it was.
    public var error: StoreError? {
        get { failure?.error }
        set { failure = newValue.map(StoreFailureBox.init) }
    }

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
        self.failure = error.map(StoreFailureBox.init)
    }

    /// Creates a successful update (the dispatch path).
    @inlinable
    init(state: State, lastAction: Action, sequence: UInt64) {
        self.state = state
        self.lastAction = lastAction
        self.failure = nil
        self.storedSequence = sequence
    }
}

extension StoreUpdate: Sendable where State: Sendable, Action: Sendable {}

extension StoreUpdate: Equatable where State: Equatable, Action: Equatable {
    /// Whether two updates have the same state, action and error.
    public static func == (lhs: StoreUpdate, rhs: StoreUpdate) -> Bool {
        lhs.state == rhs.state && lhs.lastAction == rhs.lastAction && lhs.error == rhs.error
    }
}

/// An immutable box for a `StoreError`, so that updates carry one optional reference.
@usableFromInline
final class StoreFailureBox: Sendable {
    @usableFromInline
    let error: StoreError

    @usableFromInline
    init(_ error: StoreError) {
        self.error = error
    }
}

/// RxState's name for a ``StoreUpdate``: the current state and the last action.
public typealias CurrentStateLastAction<State, Action> = StoreUpdate<State, Action>
