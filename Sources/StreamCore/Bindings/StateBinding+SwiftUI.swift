#if canImport(SwiftUI)
// Type-checked on Linux against the stand-in in Checks/SwiftUIGlue (Decision 0017).
public import SwiftUI

extension Binding {
    /// A SwiftUI binding reading and writing through a ``StateBinding``.
    ///
    /// ```swift
    /// TextField("Name", text: Binding(store.binding(for: \.name, send: { .rename($0) })))
    /// ```
    ///
    /// - Parameter binding: The state binding of an `ObservableStore` or `ObservableSpin`.
    @MainActor
    public init(_ binding: StateBinding<Value>) {
        // SwiftUI's closures are `@Sendable @isolated(any)`: isolated to the main actor, they
        // may call the binding's main-actor functions.
        self.init(get: { @MainActor in binding.get() }, set: { @MainActor value in binding.set(value) })
    }
}
#endif
