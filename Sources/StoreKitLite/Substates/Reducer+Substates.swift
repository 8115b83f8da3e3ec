extension Reducer where State == Substates {
    /// A reducer that applies ``StoreAction``s: registering substates and resetting.
    ///
    /// ```swift
    /// let app = Reducer<Substates, AppAction>.combine(
    ///     .storeActions { if case .store(let a) = $0 { a } else { nil } },
    ///     .substate(TasksState.self, reducer: tasksReducer) { if case .tasks(let a) = $0 { a } else { nil } }
    /// )
    /// ```
    ///
    /// - Parameter action: Extracts the store action from an action, `nil` for other actions.
    /// - Returns: The reducer.
    public static func storeActions(_ action: @escaping @Sendable (Action) -> StoreAction?) -> Reducer {
        Reducer(mutating: { state, incoming in
            switch action(incoming) {
            case .add(let states)?: state.add(states)
            case .reset?: state.removeAll()
            case nil: break
            }
        })
    }

    /// Reduces the substate of a type with a reducer of its own, for the actions meant for it.
    ///
    /// An action meant for the substate (one for which `action` returns a value) when no
    /// substate of the type is registered fails with `StoreError.substateNotRegistered(_:)`:
    /// the store keeps its state and publishes the error to middleware.
    ///
    /// - Parameters:
    ///   - type: The substate's type.
    ///   - reducer: Reduces the substate.
    ///   - action: Extracts the substate's action from an action, `nil` for other actions.
    /// - Returns: The reducer.
    public static func substate<S: Substate, SubstateAction>(
        _ type: S.Type,
        reducer: Reducer<S, SubstateAction>,
        action: @escaping @Sendable (Action) -> SubstateAction?
    ) -> Reducer {
        let reduce = reducer.reduce
        return Reducer { state, incoming throws(StoreError) in
            guard let child = action(incoming) else { return }
            try state.update(type) { (substate: inout S) throws(StoreError) in try reduce(&substate, child) }
        }
    }
}

extension Reducer where State == Substates, Action == StoreAction {
    /// A reducer of ``StoreAction`` alone: registering substates and resetting.
    public static var storeActions: Reducer {
        storeActions { $0 }
    }
}
