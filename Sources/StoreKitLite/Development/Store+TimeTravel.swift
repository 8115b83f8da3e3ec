public import StreamCore

extension Store {
    /// Creates a store for development, whose state ``TimeTravel`` can set to a state of the past
    /// (and back to the present) while holding the actions sent meanwhile.
    ///
    /// ```swift
    /// let travel = TimeTravel<AppState, AppAction>()
    /// let store = Store(initialState: AppState(), reducer: app, timeTravel: travel)
    /// ```
    ///
    /// The store behaves as one made by
    /// ``init(initialState:reducer:middleware:observers:notifyOn:queue:withDependencies:)`` until
    /// `travel` is used; its cost per action is one more middleware (the gate) and one lock taken
    /// by the reducer. See ``TimeTravel`` for what it can do and its limits.
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer.
    ///   - middleware: Interceptors every action passes through, before the gate.
    ///   - observers: Observing middleware.
    ///   - notifyOn: Where state observers and effects are called.
    ///   - queue: How many outside actions may wait while the store is busy.
    ///   - timeTravel: The control; it controls the first store created with it.
    @inlinable
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate,
        queue: ActionQueuePolicy = .unbounded,
        timeTravel: TimeTravel<State, Action>
    ) {
        let gate = Middleware<State, Action>(holding: { action, _, holder in
            timeTravel.gate(action, holder: holder)
        })
        let travelling = Reducer<State, Action>(mutating: { state, action throws(StoreError) in
            switch timeTravel.reducerCalled() {
            case .reduce: try reducer(&state, action)
            case .install(let shown): state = shown
            }
        })
        self.init(
            initialState: initialState, reducer: travelling, middleware: middleware + [gate], observers: observers,
            notifyOn: notifyOn, queue: queue)
        timeTravel.attach(self)
    }
}
