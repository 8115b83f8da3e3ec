import StreamCore

/// The children of a stack scope: one host per screen, by the screen's id.
@MainActor
final class StackScope<Parent: Sendable, Element: Sendable, ElementAction: Sendable>: ChildScope {
    let keyPath: KeyPath<Parent, StackState<Element>>
    let dispatch: @Sendable (StackElementID, ElementAction) -> Void
    let send: @Sendable (StackElementID, ElementAction) async throws(StoreError) -> Void
    /// The ids of the screens the hosts show, bottom first.
    private var shownIDs: [StackElementID] = []
    private var children: [StackElementID: ObservableStore<Element, ElementAction>] = [:]
    /// The hosts, bottom first (what `scope(forEach:action:)` returns).
    private(set) var screens: [ObservableStore<Element, ElementAction>] = []

    init(
        keyPath: KeyPath<Parent, StackState<Element>>,
        stack: StackState<Element>,
        dispatch: @escaping @Sendable (StackElementID, ElementAction) -> Void,
        send: @escaping @Sendable (StackElementID, ElementAction) async throws(StoreError) -> Void
    ) {
        self.keyPath = keyPath
        self.dispatch = dispatch
        self.send = send
        reconcile(stack)
    }

    func update(_ state: Parent) -> Bool {
        let stack = state[keyPath: keyPath]
        if stack.ids == shownIDs {
            for (child, element) in zip(screens, stack) { child.apply(element) }
        } else {
            reconcile(stack)
        }
        return true
    }

    /// Hands the screens still on the stack their new state, makes hosts for pushed screens and
    /// drops those of popped ones.
    private func reconcile(_ stack: StackState<Element>) {
        var next: [StackElementID: ObservableStore<Element, ElementAction>] = [:]
        next.reserveCapacity(stack.count)
        var order: [ObservableStore<Element, ElementAction>] = []
        order.reserveCapacity(stack.count)
        for (id, element) in zip(stack.ids, stack) {
            let child: ObservableStore<Element, ElementAction>
            if let existing = children[id] {
                existing.apply(element)
                child = existing
            } else {
                let (dispatch, send) = (self.dispatch, self.send)
                child = ObservableStore(
                    child: element,
                    elementID: id,
                    dispatch: { dispatch(id, $0) },
                    send: { action throws(StoreError) in try await send(id, action) }
                )
            }
            next[id] = child
            order.append(child)
        }
        shownIDs = stack.ids
        children = next
        screens = order
    }
}
