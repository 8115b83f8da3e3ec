extension ObservableStore {
    /// Child hosts for the elements of an ``IdentifiedArray``, in its order: one per element,
    /// kept while the element (by its `id`) is in the collection; a change costs O(changed), not
    /// O(n).
    ///
    /// ```swift
    /// struct Todos: Equatable, Sendable {
    ///     var items: IdentifiedArrayOf<Todo> = []
    /// }
    ///
    /// ForEach(store.scope(forEach: \.items, action: { .todo(id: $0, $1) })) { todo in
    ///     TodoRow(store: todo)
    /// }
    /// ```
    ///
    /// The same as the scope of any identified collection (a row's child keeps its identity
    /// across changes to other rows, the reading view depends on the ids only, a change inside
    /// one row invalidates only that row's readers), at a cost independent of the length:
    ///
    /// - The reducer changes a row in place: the collection's versions share their storage
    ///   (``IdentifiedArray``), so the previous state the host shows meanwhile costs no copy.
    /// - The host finds the changed rows from the change itself: a change made while the host
    ///   shows an older version records, in that version, the element it replaced, and the host
    ///   reads those records (no scan). Only the changed rows' children are handed their new
    ///   element.
    ///
    /// - Parameters:
    ///   - elements: The collection.
    ///   - action: Wraps an element's action, with the element's id, into an action of this store.
    /// - Returns: The child hosts, in the collection's order.
    /// - Complexity: O(1) per call (the array is kept). A new state costs O(1) here when the
    ///   collection did not change, and O(changed) when elements changed in place
    ///   (only their children compare the fields their views read). Elements that came, went or
    ///   moved make the scope reconcile its children, O(n).
    @inlinable
    public func scope<ID: Sendable, Element: Sendable, ChildAction: Sendable>(
        forEach elements: KeyPath<State, IdentifiedArray<ID, Element>>,
        action: @escaping @Sendable (ID, ChildAction) -> Action
    ) -> [ObservableStore<Element, ChildAction>] {
        scope(
            forEach: elements, action: action,
            differ: CollectionDiffer(isIdentical: { $0.isIdentical(to: $1) }, changes: { old, new in new.elementChanges(since: old) }))
    }
}
