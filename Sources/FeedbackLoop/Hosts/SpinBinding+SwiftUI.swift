#if canImport(SwiftUI)
// Type-checked on Linux against the stand-in in Checks/SwiftUIGlue (Decision 0017).
public import SwiftUI

extension ObservableSpin {
    /// A SwiftUI binding to a part of the state; writing emits `event` (Spin's `binding(for:event:)`).
    ///
    /// ```swift
    /// Toggle("Paused", isOn: uiSpin.binding(for: \.isPaused, event: .toggle))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read.
    ///   - event: The event to emit when the binding is written.
    /// - Returns: A `SwiftUI.Binding`.
    @_disfavoredOverload
    public func binding<Value>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        event: Event
    ) -> Binding<Value> {
        Binding(binding(for: keyPath, event: event) as SpinBinding<Value>)
    }

    /// A SwiftUI binding to a part of the state whose written value becomes an event.
    ///
    /// ```swift
    /// TextField("Name", text: uiSpin.binding(for: \.name, event: { .rename($0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read.
    ///   - event: Makes the event to emit from the written value.
    /// - Returns: A `SwiftUI.Binding`.
    @_disfavoredOverload
    public func binding<Value>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        event: @escaping @Sendable (Value) -> Event
    ) -> Binding<Value> {
        Binding(binding(for: keyPath, event: event) as SpinBinding<Value>)
    }
}
#endif
