public import StreamCore

extension ObservableStore {
    /// Hosts a new store whose dependencies are overridden: a preview's, or an app's root
    /// (TCA's `Store(initialState:reducer:withDependencies:)`).
    ///
    /// ```swift
    /// #Preview {
    ///     TodoList(store: ObservableStore(initialState: [], reducer: todos) {
    ///         $0.uuid = .incrementing
    ///         $0.date = .constant(Date(timeIntervalSince1970: 0))
    ///     })
    /// }
    /// ```
    ///
    /// The store runs every action with these values (see `Store`'s `dependencies`).
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer.
    ///   - prepareDependencies: Overrides dependencies, over those in force here.
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void
    ) {
        self.init(store: Store(initialState: initialState, reducer: reducer, withDependencies: prepareDependencies))
    }
}
