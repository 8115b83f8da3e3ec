/// A two-way binding to a value on the main actor, as `ObservableSpin.binding(for:event:)`
/// makes it; it needs no UI framework, and converts to `SwiftUI.Binding` where SwiftUI exists.
///
/// ```swift
/// let paused = uiSpin.binding(for: \.isPaused, event: .toggle)
/// paused.wrappedValue          // reads the state
/// paused.wrappedValue = true   // emits .toggle
/// Toggle("Paused", isOn: Binding(paused))   // with SwiftUI
/// ```
public struct SpinBinding<Value>: Sendable {
    /// Reads the value.
    public let get: @MainActor @Sendable () -> Value
    /// Writes the value (for a spin: emits an event).
    public let set: @MainActor @Sendable (Value) -> Void

    /// Creates a binding from its two functions.
    ///
    /// ```swift
    /// let binding = SpinBinding(get: { model.name }, set: { model.rename(to: $0) })
    /// ```
    ///
    /// - Parameters:
    ///   - get: Reads the value.
    ///   - set: Writes the value.
    public init(
        get: @escaping @MainActor @Sendable () -> Value,
        set: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        self.get = get
        self.set = set
    }

    /// The value: reading calls ``get``, writing calls ``set``.
    @MainActor
    public var wrappedValue: Value {
        get { self.get() }
        nonmutating set { self.set(newValue) }
    }
}
