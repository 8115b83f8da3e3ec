/// A two-way binding to a part of a spin's state, as `ObservableSpin.binding(for:send:)` makes it:
/// StreamCore's `StateBinding`, the type `ObservableStore`'s bindings have too.
///
/// ```swift
/// let paused = uiSpin.binding(for: \.isPaused, send: .toggle)
/// paused.wrappedValue          // reads the state
/// paused.wrappedValue = true   // emits .toggle
/// Toggle("Paused", isOn: Binding(paused))   // with SwiftUI
/// ```
public typealias SpinBinding<Value> = StateBinding<Value>
