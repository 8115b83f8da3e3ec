extension ObservableSpin {
    /// A two-way binding to a part of the state whose written value becomes an event: the shape
    /// StoreKitLite's `ObservableStore.binding(for:send:)` has, so apps learn one form.
    ///
    /// ```swift
    /// TextField("Name", text: Binding(uiSpin.binding(for: \.name, send: { .rename($0) })))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read.
    ///   - send: Makes the event to emit from the written value.
    /// - Returns: A `StateBinding` (``SpinBinding``); `Binding(_:)` wraps it for SwiftUI.
    public func binding<Value>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        send: @escaping @Sendable (Value) -> Event
    ) -> StateBinding<Value> {
        binding(for: keyPath, event: send)
    }

    /// A two-way binding to a part of the state; writing it emits `send`, whatever the value.
    ///
    /// ```swift
    /// Toggle("Paused", isOn: Binding(uiSpin.binding(for: \.isPaused, send: .toggle)))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read.
    ///   - send: The event to emit when the binding is written.
    /// - Returns: A `StateBinding` (``SpinBinding``); `Binding(_:)` wraps it for SwiftUI.
    public func binding<Value>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        send: Event
    ) -> StateBinding<Value> {
        binding(for: keyPath, event: { _ in send })
    }
}
