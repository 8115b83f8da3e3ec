public import StreamCore

/// Middleware that observes the store's states together with the action that produced each
/// (RxState's `MiddlewareType`): logging, analytics, recording.
///
/// The store calls ``observe(currentStateLastAction:)`` once, from its initializer. The
/// middleware observes the signal and keeps the observation in its own dispose bag, so it lives
/// as long as the middleware (or until the store goes away, which completes the signal). The
/// signal does not keep the store alive.
///
/// ```swift
/// final class AnalyticsMiddleware: ObservingMiddleware {
///     let disposeBag = DisposeBag()
///     func observe(currentStateLastAction: SafeSignal<StoreUpdate<AppState, AppAction>>) {
///         currentStateLastAction
///             .compactMap(\.lastAction)
///             .observeNext { track($0) }
///             .dispose(in: disposeBag)
///     }
/// }
/// ```
public protocol ObservingMiddleware<State, Action>: Sendable {
    /// The store's state type.
    associatedtype State: Sendable
    /// The store's action type.
    associatedtype Action: Sendable

    /// Starts observing the store's updates.
    ///
    /// - Parameter currentStateLastAction: The latest update first (the initial state with no
    ///   action, for a new store), then one update per reduced action, in order, including
    ///   failed reductions (``StoreUpdate/error``).
    func observe(currentStateLastAction: Signal<StoreUpdate<State, Action>, Never>)
}

/// RxState's name for ``ObservingMiddleware``.
public typealias MiddlewareType = ObservingMiddleware
