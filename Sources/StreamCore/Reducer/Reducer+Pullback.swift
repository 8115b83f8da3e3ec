extension Reducer {
    /// Scopes this reducer to a part of a larger state and to a case of a larger action (TCA's
    /// `pullback`/`Scope`, ReactiveFeedback's `pullback`).
    ///
    /// The resulting reducer extracts this reducer's action from the parent action (ignoring
    /// parent actions for which `action` returns `nil`) and reduces the part at `state` in place.
    ///
    /// ```swift
    /// struct AppState: Sendable { var tasks = TasksState(); var settings = Settings() }
    /// enum AppAction: Sendable { case tasks(TasksAction); case settings(SettingsAction) }
    ///
    /// let app = Reducer<AppState, AppAction>.combine(
    ///     tasksReducer.pullback(state: \.tasks) { if case .tasks(let a) = $0 { a } else { nil } },
    ///     settingsReducer.pullback(state: \.settings) { if case .settings(let a) = $0 { a } else { nil } }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - state: Where this reducer's state lives in the parent state.
    ///   - action: Extracts this reducer's action from a parent action (a case of an enum).
    /// - Returns: A reducer of the parent state and action.
    public func pullback<ParentState, ParentAction>(
        state: any WritableKeyPath<ParentState, State> & Sendable,
        action: @escaping @Sendable (ParentAction) -> Action?
    ) -> Reducer<ParentState, ParentAction> {
        let reduce = self.reduce
        return Reducer<ParentState, ParentAction>(mutating: { (parent: inout ParentState, parentAction) throws(StoreError) in
            guard let child = action(parentAction) else { return }
            try reduce(&parent[keyPath: state], child)
        })
    }

    /// Scopes this reducer to a part of a larger state; the action type is shared.
    ///
    /// ```swift
    /// let app = counterReducer.pullback(state: \AppState.counter)
    /// ```
    ///
    /// - Parameter state: Where this reducer's state lives in the parent state.
    /// - Returns: A reducer of the parent state.
    public func pullback<ParentState>(
        state: any WritableKeyPath<ParentState, State> & Sendable
    ) -> Reducer<ParentState, Action> {
        pullback(state: state, action: { $0 })
    }

    /// Scopes this reducer to an optional part of a larger state; an action for it while the part
    /// is `nil` is refused.
    ///
    /// When the part is `nil` and an action for it arrives, the reduction fails with
    /// ``StoreError/substateNotRegistered(_:)`` (a store keeps the state and publishes the
    /// error) instead of trapping. To ignore such actions instead, as ReactiveFeedback does, use
    /// ``pullback(value:event:)-(WritableKeyPath<GlobalState,State?>Sendable,_)``.
    ///
    /// ```swift
    /// struct AppState: Sendable { var detail: DetailState? }
    /// let app = detailReducer.pullback(optional: \AppState.detail) {
    ///     if case .detail(let a) = $0 { a } else { nil }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: Where this reducer's optional state lives in the parent state.
    ///   - action: Extracts this reducer's action from a parent action.
    /// - Returns: A reducer of the parent state and action.
    public func pullback<ParentState, ParentAction>(
        optional state: any WritableKeyPath<ParentState, State?> & Sendable,
        action: @escaping @Sendable (ParentAction) -> Action?
    ) -> Reducer<ParentState, ParentAction> {
        let reduce = self.reduce
        return Reducer<ParentState, ParentAction>(mutating: { (parent: inout ParentState, parentAction) throws(StoreError) in
            guard let child = action(parentAction) else { return }
            guard var substate = parent[keyPath: state] else {
                throw StoreError.substateNotRegistered(String(describing: State.self))
            }
            parent[keyPath: state] = nil  // keep the substate uniquely referenced while reducing
            defer { parent[keyPath: state] = substate }
            try reduce(&substate, child)
        })
    }

    /// Runs this reducer, written for a part of a bigger state and its own events, as a reducer
    /// of the bigger state (ReactiveFeedback's spelling of ``pullback(state:action:)``).
    ///
    /// ```swift
    /// let app = counter.pullback(value: \AppState.counter, event: { (event: AppEvent) in
    ///     if case .counter(let event) = event { event } else { nil }
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - value: The part of the global state this reducer changes.
    ///   - event: Extracts this reducer's event from a global event, or `nil` when it is not one.
    /// - Returns: A reducer of the global state and events.
    public func pullback<GlobalState, GlobalEvent>(
        value: any WritableKeyPath<GlobalState, State> & Sendable,
        event: @escaping @Sendable (GlobalEvent) -> Action?
    ) -> Reducer<GlobalState, GlobalEvent> {
        pullback(state: value, action: event)
    }

    /// Runs this reducer on an optional part of a bigger state while it is present; events for
    /// it while it is `nil` are ignored (ReactiveFeedback's semantics).
    ///
    /// ```swift
    /// let app = detailReducer.pullback(value: \AppState.detail, event: { (event: AppEvent) in
    ///     if case .detail(let event) = event { event } else { nil }
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - value: The optional part of the global state this reducer changes.
    ///   - event: Extracts this reducer's event from a global event, or `nil` when it is not one.
    /// - Returns: A reducer of the global state and events.
    public func pullback<GlobalState, GlobalEvent>(
        value: any WritableKeyPath<GlobalState, State?> & Sendable,
        event: @escaping @Sendable (GlobalEvent) -> Action?
    ) -> Reducer<GlobalState, GlobalEvent> {
        let reduce = self.reduce
        return Reducer<GlobalState, GlobalEvent>(mutating: { (state: inout GlobalState, global) throws(StoreError) in
            guard let local = event(global), var present = state[keyPath: value] else { return }
            state[keyPath: value] = nil  // so that `present` is the only reference: no copy on write
            defer { state[keyPath: value] = present }
            try reduce(&present, local)
        })
    }
}
