import StreamCore

/// What an `async` action creator sends its actions with.
///
/// ```swift
/// ActionCreator<AppState, AppAction>.async { _, send in
///     send(.loading)
///     send(.loaded(await api.load()))
/// }
/// ```
///
/// Once the dispatch is cancelled, sending does nothing.
public struct ActionSender<Action>: Sendable {
    private let observer: Observer<Action, Never>

    init(observer: Observer<Action, Never>) {
        self.observer = observer
    }

    /// Dispatches an action (unless the creator was cancelled).
    ///
    /// - Parameter action: The action.
    public func send(_ action: Action) {
        observer.receive(action)
    }

    /// Dispatches an action, so that `send(.loaded)` reads naturally.
    ///
    /// - Parameter action: The action.
    public func callAsFunction(_ action: Action) {
        observer.receive(action)
    }

    /// Whether the creator was cancelled, so that long work can stop early.
    public var isCancelled: Bool {
        observer.isDisposed
    }
}
