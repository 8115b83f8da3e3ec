import StreamCore

extension Store where Action: ReSwiftInitAction {
    /// Creates a store as ReSwift does: from a `(Action, State?) -> State` reducer and an
    /// optional initial state; without one, the reducer builds it from ``ReSwiftInit`` (ReSwift's
    /// `Store(reducer:state:middleware:automaticallySkipsRepeats:)`).
    ///
    /// ```swift
    /// let store = Store(reducer: appReducer, state: nil)   // appReducer(.reSwiftInit(ReSwiftInit()), nil)
    /// ```
    ///
    /// The ``ReSwiftInit`` action is reduced once, in `init`, before any observer exists, and
    /// without the middleware (ReSwift dispatches it through the middleware); a given `state`
    /// is used as is, and the reducer never sees ``ReSwiftInit``.
    ///
    /// - Parameters:
    ///   - reducer: ReSwift's `(Action, State?) -> State`.
    ///   - state: The initial state, or `nil` to let the reducer build it.
    ///   - middleware: Run in order for every dispatched action.
    ///   - automaticallySkipsRepeats: Whether `subscribe(_:)` skips a state equal to the
    ///     previous one for an `Equatable` state or selection (ReSwift's default, `true`).
    public convenience init(
        reducer: @escaping @Sendable (Action, State?) -> State,
        state: State?,
        middleware: [Middleware<State, Action>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        self.init(reducer: reducer, state: state, initAction: .reSwiftInit(ReSwiftInit()), middleware: middleware)
        subscribers.automaticallySkipsRepeats = automaticallySkipsRepeats
    }
}

extension Store where Action == any Sendable {
    /// Creates a store with untyped actions as ReSwift does; without an initial state, the
    /// reducer builds it from a ``ReSwiftInit`` value.
    ///
    /// ```swift
    /// let store = Store<AppState, any Sendable>(reducer: appReducer, state: nil)
    /// // in the reducer: if action is ReSwiftInit { … }
    /// ```
    ///
    /// - Parameters:
    ///   - reducer: ReSwift's `(Action, State?) -> State`.
    ///   - state: The initial state, or `nil` to let the reducer build it.
    ///   - middleware: Run in order for every dispatched action.
    ///   - automaticallySkipsRepeats: Whether `subscribe(_:)` skips a state equal to the
    ///     previous one for an `Equatable` state or selection.
    public convenience init(
        reducer: @escaping @Sendable (Action, State?) -> State,
        state: State?,
        middleware: [Middleware<State, Action>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        self.init(reducer: reducer, state: state, initAction: ReSwiftInit(), middleware: middleware)
        subscribers.automaticallySkipsRepeats = automaticallySkipsRepeats
    }
}

extension Store {
    /// Dispatches the action an action creator makes from the current state, if it makes one
    /// (ReSwift's `dispatch(_:)` of an `ActionCreator`).
    ///
    /// ```swift
    /// store.dispatch { state, store in state.isLoggedIn ? nil : .showLogin }
    /// ```
    ///
    /// The creator runs at once, on the calling thread, with the state as it is now (the
    /// ``ActionCreator`` type is this package's richer, asynchronous form).
    ///
    /// - Parameter actionCreator: Makes the action from the state and the store, or returns `nil`.
    public func dispatch(_ actionCreator: (State, Store) -> Action?) {
        if let action = actionCreator(state, self) { dispatch(action) }
    }
}
