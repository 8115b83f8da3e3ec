public import StreamCore

/// The LoadingState module: loading signals and resource flows built on StreamCore (work in progress).
public enum LoadingStateModule {
    /// The signal type loading states travel on.
    public typealias StateSignal<State> = Signal<State, Never>
}
