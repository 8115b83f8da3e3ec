extension Reducer {
    /// Scopes this reducer to a part of a larger state and to a case of a larger action.
    ///
    /// The resulting reducer extracts this reducer's action from the parent action (ignoring
    /// parent actions for which `action` returns `nil`) and reduces the substate at `state` in
    /// place. This is how an app reducer is assembled from feature reducers; TCA calls it
    /// "pullback" or "scope".
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
        return Reducer<ParentState, ParentAction> { parent, parentAction throws(StoreError) in
            guard let child = action(parentAction) else { return }
            try reduce(&parent[keyPath: state], child)
        }
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

    /// Scopes this reducer to an optional part of a larger state.
    ///
    /// When the substate is `nil` and an action for it arrives, the reduction fails with
    /// ``StoreError/substateNotRegistered(_:)`` (the store keeps the state and publishes the
    /// error) instead of trapping.
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
        return Reducer<ParentState, ParentAction> { parent, parentAction throws(StoreError) in
            guard let child = action(parentAction) else { return }
            guard var substate = parent[keyPath: state] else {
                throw StoreError.substateNotRegistered(String(describing: State.self))
            }
            parent[keyPath: state] = nil  // keep the substate uniquely referenced while reducing
            defer { parent[keyPath: state] = substate }
            try reduce(&substate, child)
        }
    }
}
