public import StreamCore

extension ObservableStore {
    /// A two-way binding to a field: reading gives the field (tracked, like ``state``), writing
    /// sends the action `send` makes from the new value, so the state changes only through the
    /// reducer. `Binding(_:)` wraps it for SwiftUI in one line.
    ///
    /// ```swift
    /// TextField("Name", text: Binding(store.binding(for: \.name, send: { .rename($0) })))
    /// ```
    ///
    /// The binding reads the state the host shows: after a write on the main thread (a view's)
    /// that the store could run at once, it reads the new value right away; otherwise once the
    /// store's state has reached the main actor.
    ///
    /// - Parameters:
    ///   - keyPath: The field.
    ///   - send: Makes the action to send from a written value.
    /// - Returns: A `StateBinding` (the type `ObservableSpin`'s bindings have too).
    public func binding<Value: Equatable>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        send: @escaping @Sendable (Value) -> Action
    ) -> StateBinding<Value> {
        let field: KeyPath<State, Value> = keyPath
        return StateBinding(
            get: { self.read(field, changed: { $0 != $1 }) },
            set: { value in self.send(send(value)) }
        )
    }

    /// A two-way binding to a field; writing it sends `send`, whatever the value (a toggle).
    ///
    /// ```swift
    /// Toggle("Paused", isOn: Binding(store.binding(for: \.isPaused, send: .togglePause)))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The field.
    ///   - send: The action to send when the binding is written.
    /// - Returns: A `StateBinding`.
    public func binding<Value: Equatable>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        send: Action
    ) -> StateBinding<Value> {
        let field: KeyPath<State, Value> = keyPath
        return StateBinding(
            get: { self.read(field, changed: { $0 != $1 }) },
            set: { _ in self.send(send) }
        )
    }
}
