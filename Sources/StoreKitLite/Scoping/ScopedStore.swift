public import StreamCore

/// A child store: a view of part of a store's state that dispatches its own actions into the
/// parent store.
///
/// ```swift
/// let tasks: ScopedStore<TasksState, TasksAction> = appStore.scope(state: \.tasks, action: AppAction.tasks)
/// tasks.observeNext { render($0) }      // the tasks part, distinct values
/// tasks.dispatch(.add("Write docs"))    // dispatches AppAction.tasks(.add("Write docs"))
/// ```
///
/// A scoped store owns no state: it reads and observes the parent's, and its actions go
/// through the parent's middleware and reducer, so the whole app still has one state and one
/// order of actions. It keeps the parent store alive. Observers receive the current substate
/// first, then each change (repeats skipped when the substate is `Equatable`).
public final class ScopedStore<State: Sendable, Action: Sendable>: PropertyProtocol {
    /// The state type, as a property's value.
    public typealias Value = State
    /// The element type of the state signal.
    public typealias Element = State
    /// The state signal never fails.
    public typealias Error = Never

    private let read: @Sendable () -> State
    private let send: @Sendable (Action) -> Void
    private let source: Signal<State, Never>

    init(
        read: @escaping @Sendable () -> State,
        send: @escaping @Sendable (Action) -> Void,
        states: Signal<State, Never>
    ) {
        self.read = read
        self.send = send
        self.source = states
    }

    /// The current substate.
    public var state: State { read() }

    /// The current substate (the `PropertyProtocol` spelling of ``state``).
    public var value: State { read() }

    /// Dispatches an action to the parent store, embedded in the parent's action type.
    ///
    /// - Parameter action: The child action.
    public func dispatch(_ action: Action) {
        send(action)
    }

    /// Registers an observer of the substate: the current substate first, then each change.
    ///
    /// - Parameter observer: Called with each substate, where the parent store notifies.
    /// - Returns: A disposable that ends the observation.
    public func observe(with observer: @escaping @Sendable (Signal<State, Never>.Event) -> Void) -> any Disposable {
        source.observe(with: observer)
    }

    /// Scopes this child store further.
    ///
    /// - Parameters:
    ///   - keyPath: The part of this store's state.
    ///   - embed: Wraps a grandchild action in this store's action type.
    /// - Returns: The grandchild store.
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state keyPath: any KeyPath<State, ChildState> & Sendable,
        action embed: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        let read = self.read
        let send = self.send
        return ScopedStore<ChildState, ChildAction>(
            read: { read()[keyPath: keyPath] },
            send: { send(embed($0)) },
            states: source.map { $0[keyPath: keyPath] }
        )
    }
}

extension Store {
    /// A child store for part of the state, whose actions are embedded into this store's
    /// actions.
    ///
    /// ```swift
    /// let tasks = store.scope(state: \.tasks, action: AppAction.tasks)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state.
    ///   - embed: Wraps a child action in this store's action type (typically an enum case).
    /// - Returns: The child store; it keeps this store alive.
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state keyPath: any KeyPath<State, ChildState> & Sendable,
        action embed: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        ScopedStore(
            read: { [self] in self.state[keyPath: keyPath] },
            send: { [self] in self.dispatch(embed($0)) },
            states: states.map { $0[keyPath: keyPath] }
        )
    }

    /// A child store for an `Equatable` part of the state; its observers skip repeats, and share
    /// the parent's selection of that key path (see `Store.select(_:)` by key path).
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state.
    ///   - embed: Wraps a child action in this store's action type (typically an enum case).
    /// - Returns: The child store; it keeps this store alive.
    public func scope<ChildState: Sendable & Equatable, ChildAction: Sendable>(
        state keyPath: any KeyPath<State, ChildState> & Sendable,
        action embed: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        ScopedStore(
            read: { [self] in self.state[keyPath: keyPath] },
            send: { [self] in self.dispatch(embed($0)) },
            states: select(keyPath)
        )
    }
}
