import StreamCore

extension Store {
    /// Creates a store from a ReSwift-style reducer and an optional initial state: without one,
    /// the reducer builds it from `initAction` and `nil` (ReSwift's `Store(reducer:state:)` with
    /// its `ReSwiftInit` action).
    ///
    /// ```swift
    /// let store = Store(reducer: appReducer, state: nil, initAction: .initialize)
    /// ```
    ///
    /// - Parameters:
    ///   - reducer: ReSwift's `(Action, State?) -> State`.
    ///   - state: The initial state, or `nil` to let the reducer build it.
    ///   - initAction: The action the reducer builds the initial state from; it is reduced only
    ///     when `state` is `nil`, before any observer exists, and no observer sees it.
    ///   - middleware: Run in order for every dispatched action.
    public convenience init(
        reducer: @escaping @Sendable (Action, State?) -> State,
        state: State?,
        initAction: Action,
        middleware: [Middleware<State, Action>] = []
    ) {
        self.init(
            initialState: state ?? reducer(initAction, nil),
            reducer: Reducer { state, action in reducer(action, state) },
            middleware: middleware
        )
    }

    /// Dispatches an action and calls `callback` with the state it produced (ReSwift's
    /// `dispatch(_:callback:)`).
    ///
    /// ```swift
    /// store.dispatch(.save) { state in print("saved", state.savedAt) }
    /// ```
    ///
    /// The action is queued at once, in order with other dispatches. `callback` runs in a task
    /// once the action was reduced; it is not called if the reducer refused the action (a
    /// `StoreError`) or the store was closed; use `try await send(_:)` to see why.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - callback: Receives the state the action produced.
    public func dispatch(_ action: Action, callback: @escaping @Sendable (State) -> Void) {
        let outcome = ActionOutcome<State>()
        guard accepting.load(ordering: .relaxed) else { return }
        enqueue(Pending(action: action, start: 0, outcome: outcome), entry: .outsideBlocking)
        Task {
            if case .success(let state) = await outcome.result { callback(state) }
        }
    }

    /// The middleware every dispatched action goes through, which can be replaced after `init`
    /// (ReSwift's settable `middleware`).
    ///
    /// ```swift
    /// store.middleware = [loggingMiddleware, thunkMiddleware]
    /// ```
    ///
    /// A new list applies from the next action the store handles: every action dispatched after
    /// the assignment, and those queued behind the action in progress (an assignment from inside
    /// a middleware or an observer takes effect after the current action). An action a middleware
    /// holds back resumes after the same position in the new chain.
    public var middleware: [Middleware<State, Action>] {
        get { replacement.middleware }
        set { replacement.replace(with: newValue) }
    }
}
