public import StreamCore

extension Store {
    /// The distinct values of a part of the state: the current value first, then each value
    /// that differs from the previous one.
    ///
    /// ```swift
    /// store.select(\.tasks.count).observeNext { print("tasks:", $0) }.dispose(in: bag)
    /// ```
    ///
    /// Subscribers of the same key path share one selection: the store compares the selected
    /// value once per state change, and only the subscribers of a selection that changed are
    /// called, so thousands of subscribers cost nothing for the states that do not concern them.
    ///
    /// - Parameter keyPath: The part of the state.
    /// - Returns: A signal of the distinct selected values; it does not keep the store alive.
    /// - Complexity: O(1) amortized to subscribe and to dispose.
    public func select<Selected: Equatable & Sendable>(
        _ keyPath: any KeyPath<State, Selected> & Sendable
    ) -> Signal<Selected, Never> {
        selections.signal(for: keyPath, states: rawUpdates).receive(on: notificationContext)
    }

    /// The distinct values of a function of the state: the current value first, then each value
    /// that differs from the previous one.
    ///
    /// ```swift
    /// store.select { $0.tasks.filter(\.isDone).count }.observeNext { print($0) }
    /// ```
    ///
    /// Each subscriber evaluates the closure once per state change (closures cannot be shared
    /// the way key paths are); prefer the key-path `select(_:)` for
    /// selections with many subscribers.
    ///
    /// - Parameter transform: Computes the selection from a state.
    /// - Returns: A signal of the distinct selected values; it does not keep the store alive.
    public func select<Selected: Equatable & Sendable>(
        _ transform: @escaping @Sendable (State) -> Selected
    ) -> Signal<Selected, Never> {
        states.map(transform).distinctUntilChanged()
    }
}
