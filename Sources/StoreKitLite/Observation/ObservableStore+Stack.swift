import StreamCore

extension ObservableStore {
    /// Child hosts for the screens of a navigation stack, bottom first: one per screen, kept while
    /// the screen (by its ``StackElementID``) is on the stack (TCA's stack scope).
    ///
    /// ```swift
    /// let screens = store.scope(forEach: \.path, action: { .path(.element(id: $0, action: $1)) })
    /// ```
    ///
    /// SwiftUI's `NavigationStack(path:root:destination:)` of this package calls it for you on a
    /// host of the stack:
    ///
    /// ```swift
    /// NavigationStack(path: store.scope(state: \.path, action: { .path($0) })) {
    ///     ContactList(store: store)
    /// } destination: { screen in
    ///     if let detail = screen.scope(state: \.detail, action: { .detail($0) }) {
    ///         ContactView(store: detail)
    ///     }
    /// }
    /// ```
    ///
    /// - A pushed screen's host keeps its identity while the screen stays on the stack, through
    ///   pushes and pops above it and changes anywhere else; a popped screen's host is released
    ///   by this host. An id is never given twice (``StackState``), so a new screen never gets a
    ///   popped one's host.
    /// - A reader that calls this depends on the stack's ids only (which screens, in which
    ///   order): a push or a pop invalidates it, a change inside a screen does not.
    /// - A screen's readers depend on the fields they read of that screen only: a push, a pop or
    ///   a change to another screen does not invalidate them.
    /// - Each host sends its actions here as `action(id, childAction)`, with its screen's id, so
    ///   an action of a screen kept by a view after its pop names a screen no longer on the stack
    ///   (the stack reducer refuses it; see ``Reducer/forEach(_:action:destination:)``).
    ///
    /// The scope is made once per key path and child action type; each call gives it `action`,
    /// which the hosts use from then on.
    ///
    /// - Parameters:
    ///   - stack: The stack.
    ///   - action: Wraps a screen's action, with the screen's id, into an action of this store.
    /// - Returns: The screens' hosts, bottom first. Each is `Identifiable` by its screen's id.
    /// - Complexity: O(1) per call. A new state costs O(*depth*) here: each screen's host
    ///   compares the fields its views read; a push or a pop also rebuilds the list of hosts.
    public func scope<Element: Sendable, ElementAction: Sendable>(
        forEach stack: KeyPath<State, StackState<Element>>,
        action: @escaping @Sendable (StackElementID, ElementAction) -> Action
    ) -> [ObservableStore<Element, ElementAction>] {
        let scope = cachedScope(stack, ElementAction.self, action: action) { action, dispatch, send in
            StackScope(
                keyPath: stack,
                stack: current[keyPath: stack],
                dispatch: { id, elementAction in dispatch(action.current(id, elementAction)) },
                send: { id, elementAction throws(StoreError) in try await send(action.current(id, elementAction)) }
            )
        }
        track(stack.appending(path: \.ids)) { old, new in
            old[keyPath: stack].ids != new[keyPath: stack].ids
        }
        return scope.screens
    }
}
