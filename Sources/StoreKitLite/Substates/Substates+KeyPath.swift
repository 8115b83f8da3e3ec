extension Substates {
    /// The substate of a type, read and written through a key path (see ``keyPath(_:)``):
    /// reading is `nil` when none is registered; writing a value registers or replaces it,
    /// writing `nil` removes it.
    ///
    /// - Parameter key: The substate's type, as a key.
    public subscript<S: Substate>(substate key: SubstateKey<S>) -> S? {
        get { self[S.self] }
        set {
            if let newValue {
                add([newValue])
            } else {
                remove(S.self)
            }
        }
    }

    /// A key path to the substate of a type, for the APIs that scope by key path: a
    /// FeedbackLoop feedback's `pullback(value:embedEvent:)`, `Reducer.pullback(value:event:)`,
    /// `store.scope(state:action:)`, `store.select(_:)`.
    ///
    /// ```swift
    /// let payments = paymentFeedback.pullback(
    ///     value: Substates.keyPath(PaymentsState.self),
    ///     embedEvent: AppAction.payments
    /// )
    /// store.attach(effect: payments.effects, named: "payments")
    /// ```
    ///
    /// - Parameter type: The substate's type.
    /// - Returns: A writable key path to it (`nil` while it is not registered).
    public static func keyPath<S: Substate>(_ type: S.Type) -> any WritableKeyPath<Substates, S?> & Sendable {
        \Substates.[substate: SubstateKey<S>()]
    }
}

/// Identifies the substate of a type in ``Substates``, so that it can be reached by a key path
/// (``Substates/keyPath(_:)``).
public struct SubstateKey<S: Substate>: Hashable, Sendable {
    /// Creates the key of `S`.
    public init() {}
}

extension Reducer where State: Substate {
    /// Runs this substate reducer in an application state made of ``Substates``, for the actions
    /// `action` extracts (the instance spelling of ``Reducer/substate(_:reducer:action:)``).
    ///
    /// ```swift
    /// let app = Reducer<Substates, AppAction>.combine(
    ///     .storeActions { if case .store(let a) = $0 { a } else { nil } },
    ///     tasksReducer.pullback(substate: TasksState.self) { if case .tasks(let a) = $0 { a } else { nil } }
    /// )
    /// ```
    ///
    /// An action for the substate while it is not registered is refused with
    /// `StoreError.substateNotRegistered`.
    ///
    /// - Parameters:
    ///   - type: The substate's type.
    ///   - action: Extracts this reducer's action from an application action.
    /// - Returns: A reducer of the application state.
    public func pullback<ParentAction>(
        substate type: State.Type,
        action: @escaping @Sendable (ParentAction) -> Action?
    ) -> Reducer<Substates, ParentAction> {
        Reducer<Substates, ParentAction>.substate(type, reducer: self, action: action)
    }
}
