public import StreamCore

/// The FeedbackLoop module: feedback-loop systems built on StreamCore (work in progress).
public enum FeedbackLoopModule {
    /// The signal type feedback loops are built from.
    public typealias StateSignal<State> = Signal<State, Never>
}
