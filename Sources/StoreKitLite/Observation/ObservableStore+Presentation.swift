import StreamCore

extension ObservableStore {
    /// A child host for an optional part of the state, present while the part is: what a sheet,
    /// a popover or a navigation destination shows (`.sheet(item:)`).
    ///
    /// ```swift
    /// if let editor = store.scope(state: \.editing, action: { .editor($0) }) {
    ///     EditorView(store: editor)
    /// }
    /// ```
    ///
    /// SwiftUI's presentations take it through a binding that sends a dismissal,
    /// ``scope(state:action:dismiss:)``:
    /// `.sheet(item: Binding(store.scope(state: \.editing, action: { .editor($0) }, dismiss: .dismissEditor)))`.
    ///
    /// - It returns nil while the part is nil, and a child host while it is not.
    /// - The child keeps its identity while the part stays present. It is replaced by a new
    ///   child when a new value is presented: after a nil, or when the value is `Identifiable` and
    ///   its `id` changes. So a view's `@State` inside the sheet starts afresh for a new value.
    /// - A reader that calls this depends on the presentation only (present or not, and which
    ///   `id`), not on the part's contents: an edit inside the sheet invalidates only the child's
    ///   readers of the edited fields.
    /// - Dismissal is an action: the parent's reducer sets the part to nil (from an action the
    ///   child sends, or one the parent sends). A child kept by a view after its dismissal still
    ///   sends its actions here, wrapped by `action`; the reducer receives them with the part nil.
    ///
    /// An enum destination uses the same call through a computed property per case, so one
    /// `Destination?` drives a sheet, an alert and a dialog:
    ///
    /// ```swift
    /// extension Destination {
    ///     var edit: EditState? { if case .edit(let state) = self { state } else { nil } }
    /// }
    /// let editor = store.scope(state: \.destination?.edit, action: { .destination(.edit($0)) })
    /// ```
    ///
    /// Like the scope of a non-optional part, the scope is made once per key path and action
    /// type, and each call gives it its `action`, which the child uses from then on.
    ///
    /// - Parameters:
    ///   - state: The optional part of the state.
    ///   - action: Wraps a child action into an action of this store.
    /// - Returns: The child host, or nil while the part is nil.
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state: KeyPath<State, ChildState?>,
        action: @escaping @Sendable (ChildAction) -> Action
    ) -> ObservableStore<ChildState, ChildAction>? {
        let scope = cachedScope(state, ChildAction.self, action: action) { action, dispatch, send in
            PresentationScope(
                keyPath: state,
                value: current[keyPath: state],
                dispatch: { dispatch(action.current($0)) },
                send: { childAction throws(StoreError) in try await send(action.current(childAction)) }
            )
        }
        track(scope.presenceKeyPath) { old, new in
            presentationChanged(from: old[keyPath: state], to: new[keyPath: state])
        }
        return scope.child
    }
}

extension Optional {
    /// Whether a value is present: the field a reader of a presentation scope depends on (its
    /// tracked change also compares the `id` of an `Identifiable` value).
    var scopePresence: Bool {
        self != nil
    }
}

/// Whether a presentation changed: a value came or went, or an `Identifiable` value's `id`
/// changed (a new value presented in place of another).
func presentationChanged<Value>(from old: Value?, to new: Value?) -> Bool {
    switch (old, new) {
    case (nil, nil): return false
    case (nil, _?), (_?, nil): return true
    case (let old?, let new?): return presentationID(of: old) != presentationID(of: new)
    }
}

/// The `id` of an `Identifiable` value, or nil for other values (one presentation for as long
/// as they are present).
func presentationID<Value>(of value: Value) -> AnyHashable? {
    guard let identifiable = value as? any Identifiable else { return nil }
    return identity(of: identifiable)
}

private func identity<Value: Identifiable>(of value: Value) -> AnyHashable {
    AnyHashable(value.id)
}

/// The child of a presentation scope, while its part is present.
@MainActor
final class PresentationScope<Parent: Sendable, ChildState: Sendable, ChildAction: Sendable>: ChildScope {
    let keyPath: KeyPath<Parent, ChildState?>
    /// The field a reader of the scope tracks: the presence (made once, so that the reader's
    /// tracking finds it by identity).
    let presenceKeyPath: KeyPath<Parent, Bool>
    let dispatch: @Sendable (ChildAction) -> Void
    let send: @Sendable (ChildAction) async throws(StoreError) -> Void
    /// The presented child, nil while the part is nil.
    private(set) var child: ObservableStore<ChildState, ChildAction>?

    init(
        keyPath: KeyPath<Parent, ChildState?>,
        value: ChildState?,
        dispatch: @escaping @Sendable (ChildAction) -> Void,
        send: @escaping @Sendable (ChildAction) async throws(StoreError) -> Void
    ) {
        self.keyPath = keyPath
        presenceKeyPath = keyPath.appending(path: \.scopePresence)
        self.dispatch = dispatch
        self.send = send
        if let value { child = makeChild(value) }
    }

    func update(_ state: Parent) -> Bool {
        guard let value = state[keyPath: keyPath] else {
            child = nil
            return true
        }
        if let child, !presentationChanged(from: child.currentState, to: value) {
            child.apply(value)
        } else {
            child = makeChild(value)
        }
        return true
    }

    private func makeChild(_ value: ChildState) -> ObservableStore<ChildState, ChildAction> {
        ObservableStore(child: value, dispatch: dispatch, send: send)
    }
}
