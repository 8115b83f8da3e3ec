/// A two-way binding to a value on the main actor: reading gives a part of a host's state,
/// writing sends an action (or event) built from the new value, so the state still changes only
/// through the reducer.
///
/// Both UI hosts make it the same way: StoreKitLite's `ObservableStore` and FeedbackLoop's
/// `ObservableSpin` (whose `SpinBinding` is this type) have `binding(for:send:)`. It needs no UI
/// framework; where SwiftUI exists, `Binding(stateBinding)` wraps it in one line.
///
/// ```swift
/// let name = store.binding(for: \.name, send: { .rename($0) })
/// name.wrappedValue            // reads the state
/// name.wrappedValue = "Ada"    // sends .rename("Ada")
/// TextField("Name", text: Binding(name))   // with SwiftUI
/// ```
public struct StateBinding<Value>: Sendable {
    /// Reads the value.
    public let get: @MainActor @Sendable () -> Value
    /// Writes the value (for a store: sends an action; for a spin: emits an event).
    public let set: @MainActor @Sendable (Value) -> Void

    /// Creates a binding from its two functions.
    ///
    /// ```swift
    /// let binding = StateBinding(get: { model.name }, set: { model.rename(to: $0) })
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
