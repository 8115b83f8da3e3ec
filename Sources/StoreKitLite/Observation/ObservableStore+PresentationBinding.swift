public import StreamCore

extension ObservableStore {
    /// A binding to the optional child host of an optional part, which sends `dismiss` when
    /// written nil: what SwiftUI's `.sheet(item:)`, `.alert(_:)`, `.confirmationDialog(_:)` and
    /// `.navigationDestination(item:)` take, through `Binding(_:)` (TCA's
    /// `$store.scope(state:action:)`).
    ///
    /// ```swift
    /// .sheet(item: Binding(store.scope(state: \.editing, action: { .draft($0) }, dismiss: .dismissDraft))) { draft in
    ///     DraftView(store: draft)
    /// }
    /// ```
    ///
    /// Reading it calls ``scope(state:action:)->ObservableStore<ChildState,ChildAction>?``: the
    /// reading view depends on the presentation only. SwiftUI writes nil when the user dismisses
    /// the presentation (a swipe, a tap outside, an alert's button): the binding then sends
    /// `dismiss`, unless the host already shows the part nil, and the reducer sets the part to
    /// nil. Writing a host does nothing: a presentation starts from the state.
    ///
    /// - Parameters:
    ///   - state: The optional part of the state.
    ///   - action: Wraps a child action into an action of this store.
    ///   - dismiss: The action that sets the part to nil.
    /// - Returns: A binding to the child host, nil while the part is nil.
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state: any KeyPath<State, ChildState?> & Sendable,
        action: @escaping @Sendable (ChildAction) -> Action,
        dismiss: Action
    ) -> StateBinding<ObservableStore<ChildState, ChildAction>?> {
        let part: KeyPath<State, ChildState?> = state
        return StateBinding(
            get: { self.scope(state: part, action: action) },
            set: { host in
                guard host == nil, self.current[keyPath: part] != nil else { return }
                self.send(dismiss)
            }
        )
    }
}
