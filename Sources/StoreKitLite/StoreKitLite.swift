public import StreamCore

/// The StoreKitLite module: a Redux-style store built on StreamCore (work in progress).
public enum StoreKitLiteModule {
    /// The signal type stores expose their state as.
    public typealias StateSignal<State> = Signal<State, Never>
}
