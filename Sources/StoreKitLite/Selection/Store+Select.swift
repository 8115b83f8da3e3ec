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
        selections.signal(
            for: .keyPath(keyPath as AnyKeyPath),
            select: { $0[keyPath: keyPath] },
            states: rawUpdates
        ).receive(on: notificationContext)
    }

    /// The distinct values of a function of the state: the current value first, then each value
    /// that differs from the previous one.
    ///
    /// ```swift
    /// store.select { $0.tasks.filter(\.isDone).count }.observeNext { print($0) }
    /// ```
    ///
    /// Each subscriber evaluates the closure once per state change (two closures cannot be
    /// recognised as the same selector); for selections with many subscribers, use the
    /// key-path `select(_:)` or name the selector with ``select(id:_:)``, whose subscribers
    /// share one evaluation per state change.
    ///
    /// - Parameter transform: Computes the selection from a state.
    /// - Returns: A signal of the distinct selected values; it does not keep the store alive.
    public func select<Selected: Equatable & Sendable>(
        _ transform: @escaping @Sendable (State) -> Selected
    ) -> Signal<Selected, Never> {
        states.map(transform).distinctUntilChanged()
    }

    /// The distinct values of a function of the state, shared by every subscriber that uses the
    /// same identifier: the current value first, then each value that differs from the previous
    /// one.
    ///
    /// ```swift
    /// enum Selection: Hashable, Sendable { case doneCount }
    /// let doneCount = store.select(id: Selection.doneCount) { $0.tasks.filter(\.isDone).count }
    /// // A thousand rows observing `doneCount` (or calling `select(id: Selection.doneCount) …`
    /// // again) cost one evaluation of the closure and one comparison per state change.
    /// ```
    ///
    /// Like key-path selections, the subscribers of one identifier share one selection node:
    /// while it has subscribers it observes the store once, evaluates the selector and compares
    /// the result once per state change, and calls only its subscribers, and only when the
    /// value changed. Subscribing and disposing are O(1) amortized. The node leaves with its
    /// last subscriber.
    ///
    /// An identifier stands for one selector: while a selection of an identifier is active,
    /// later subscriptions share it and their `selector` is not used. Reuse an identifier only
    /// for the same function (an identifier used with two different value types makes two
    /// selections).
    ///
    /// - Parameters:
    ///   - id: Names the selector within this store.
    ///   - selector: Computes the selection from a state.
    /// - Returns: A signal of the distinct selected values; it does not keep the store alive.
    /// - Complexity: O(1) amortized to subscribe and to dispose; one evaluation of `selector`
    ///   per state change for all the subscribers of `id` together.
    public func select<Selected: Equatable & Sendable>(
        id: some Hashable & Sendable,
        _ selector: @escaping @Sendable (State) -> Selected
    ) -> Signal<Selected, Never> {
        selections.signal(
            for: .identified(AnyHashable(id), selected: ObjectIdentifier(Selected.self)),
            select: selector,
            states: rawUpdates
        ).receive(on: notificationContext)
    }
}
