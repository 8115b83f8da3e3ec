#if canImport(SwiftUI)
// Type-checked on Linux against the stand-in in Checks/SwiftUIGlue (Decision 0017).
public import SwiftUI

extension NavigationStack {
    /// A navigation stack driven by a ``StackState``: one screen per element, each with its own
    /// child host (TCA's `NavigationStack(path: $store.scope(state: \.path, action: \.path))`).
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
    /// The path is the stack's screen hosts
    /// (``ObservableStore/scope(forEach:action:)->[ObservableStore<Element,ElementAction>]``), so
    /// the stack view depends on which screens there are, not on their contents. When the user
    /// goes back (the back button, a swipe, a long press on it), the stack sends
    /// ``StackAction/popFrom(id:)`` with the first screen no longer shown, and the stack reducer
    /// pops it (``Reducer/forEach(_:action:destination:)``). Pushes come from the state: an
    /// action whose reducer appends a screen, or ``StackAction/push(state:)``.
    ///
    /// - Parameters:
    ///   - path: A host of the stack and its actions, `store.scope(state: \.path, action: { .path($0) })`.
    ///   - root: The view under the stack's screens.
    ///   - destination: The view of a screen, given its host.
    @MainActor
    public init<Element: Sendable, ElementAction: Sendable, Content: View, Destination: View>(
        path: ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>,
        @ViewBuilder root: () -> Content,
        @ViewBuilder destination: @escaping (ObservableStore<Element, ElementAction>) -> Destination
    ) where Data == [ObservableStore<Element, ElementAction>], Root == StackNavigationRoot<Content, Element, ElementAction, Destination> {
        self.init(
            path: Binding(
                get: { @MainActor in screens(of: path) },
                set: { @MainActor shown in popScreens(of: path, notIn: shown) }
            ),
            root: { StackNavigationRoot(content: root(), destination: destination) }
        )
    }
}

/// The screens' hosts of a host of a stack: the path of its `NavigationStack`.
@MainActor
private func screens<Element: Sendable, ElementAction: Sendable>(
    of path: ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>
) -> [ObservableStore<Element, ElementAction>] {
    path.scope(forEach: \.self, action: { .element(id: $0, action: $1) })
}

/// Pops the first screen SwiftUI no longer shows, with those above it (the back button, a swipe).
@MainActor
private func popScreens<Element: Sendable, ElementAction: Sendable>(
    of path: ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>,
    notIn shown: [ObservableStore<Element, ElementAction>]
) {
    let current = screens(of: path)
    let ids = path.currentState.ids
    guard
        let first = current.indices.first(where: { $0 >= shown.count || shown[$0] != current[$0] }),
        first < ids.count
    else { return }
    path.send(.popFrom(id: ids[first]))
}

/// The root view of a `NavigationStack` driven by a ``StackState``: its content, with the
/// destination of the stack's screen hosts (made by `NavigationStack(path:root:destination:)`).
public struct StackNavigationRoot<Content: View, Element: Sendable, ElementAction: Sendable, Destination: View>: View {
    let content: Content
    let destination: (ObservableStore<Element, ElementAction>) -> Destination

    /// The content, showing a pushed screen's host with `destination`.
    public var body: some View {
        content.navigationDestination(for: ObservableStore<Element, ElementAction>.self, destination: destination)
    }
}
#endif
