public import StreamCore

extension Store {
    /// The dependencies the store runs with when an action is sent outside every
    /// `withDependencies` scope: those in force when it was created, with its `withDependencies:`
    /// changes.
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), reducer: app) {
    ///     $0.apiClient = .preview
    /// }
    /// store.dependencies.apiClient          // .preview
    ///
    /// // A child store with the parent's dependencies:
    /// let child = withDependencies(from: store.dependencies) {
    ///     Store(initialState: Detail(), reducer: detail)
    /// }
    /// ```
    ///
    /// Each action runs its middleware, reducer, observers and effects with these values, plus
    /// what the scope it was sent under set since (the sender's values win on those keys): a
    /// service's request sends under `withDependencies { $0.requestID = … }` and its action, and
    /// the effects that action starts, read that request's value. An effect's actions carry the
    /// values of the action that started it.
    public var dependencies: DependencyValues {
        dependencyScope?.currentValues ?? DependencyValues.root
    }

    /// The store's scope: the one in force at `init`, with `prepare`'s changes, if any.
    static func captureDependencies(_ prepare: ((inout DependencyValues) -> Void)?) -> DependencyScope? {
        guard let prepare else { return DependencyScope.captured }
        var values = DependencyValues.current
        values.update(with: prepare)
        return DependencyScope(values)
    }

    /// The scope to install around an action, or `nil` if it is in force already. Role holder.
    ///
    /// An action runs with the store's values and what its sender's scope set on top: the scope
    /// captured when it was queued for another thread, or else (run by its sender's thread) the
    /// one in force here.
    @usableFromInline
    func dependenciesToInstall(for pending: Pending) -> DependencyScope? {
        let sender = pending.dependencies ?? DependencyScope.captured
        return DependencyScope.needed(DependencyScope.resolve(base: dependencyScope, sender: sender))
    }
}

extension Store.Pending {
    /// The action, to run under `scope` (installed by then: the nested `process` finds it in
    /// force and runs the action).
    @usableFromInline
    func resolved(to scope: DependencyScope) -> Self {
        var pending = self
        pending.dependencies = scope
        return pending
    }
}
