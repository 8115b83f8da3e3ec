public import StreamCore

/// Observing middleware that logs each state with the action that produced it, to a sink you
/// choose (`print` by default).
///
/// ```swift
/// let logger = LoggingMiddleware<Substates, AppAction>()              // prints
/// let store = Store(initialState: Substates(), reducer: app, observers: [logger])
///
/// let lines = LoggingMiddleware<Substates, AppAction>(sink: { os_log("%@", $0) })
/// ```
///
/// Each update is logged as one message:
/// ```
/// currentState: Substates(TasksState(tasks: [], addingTask: false))
/// lastAction: store(add(states: [TasksState]))
/// ```
/// with a third line `error: …` when the reduction failed. The sink is called on the thread the
/// store notifies on, one message at a time.
public final class LoggingMiddleware<State: Sendable, Action: Sendable>: ObservingMiddleware {
    /// Keeps the observation of the store alive as long as the middleware.
    public let disposeBag = DisposeBag()
    private let sink: @Sendable (String) -> Void
    private let format: @Sendable (StoreUpdate<State, Action>) -> String

    /// Creates a logging middleware.
    ///
    /// - Parameters:
    ///   - sink: Receives each message; `print` by default.
    ///   - format: Turns an update into a message; ``defaultFormat(_:)`` by default.
    public init(
        sink: @escaping @Sendable (String) -> Void = { print($0) },
        format: @escaping @Sendable (StoreUpdate<State, Action>) -> String = LoggingMiddleware.defaultFormat
    ) {
        self.sink = sink
        self.format = format
    }

    /// The default message: `currentState: …`, `lastAction: …` and, for a failure, `error: …`.
    ///
    /// - Parameter update: The update to describe.
    /// - Returns: The message.
    @Sendable
    public static func defaultFormat(_ update: StoreUpdate<State, Action>) -> String {
        var message = "currentState: \(update.state)\nlastAction: "
        if let action = update.lastAction {
            message += String(describing: action)
        } else {
            message += "nil"
        }
        if let error = update.error { message += "\nerror: \(error)" }
        return message
    }

    /// Starts logging the store's updates.
    ///
    /// - Parameter currentStateLastAction: The store's updates.
    public func observe(currentStateLastAction: Signal<StoreUpdate<State, Action>, Never>) {
        let sink = self.sink
        let format = self.format
        currentStateLastAction
            .observeNext { update in sink(format(update)) }
            .dispose(in: disposeBag)
    }
}
