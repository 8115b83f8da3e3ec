public import StreamCore

/// Observing middleware that logs each action the store processed, at a level, to a sink that
/// says which levels it keeps: nothing is formatted for a record the sink would drop.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: app, observers: [
///     LoggingMiddleware(level: .debug, sink: LineSink(minimumLevel: .info))  // nothing logged,
/// ])                                                                          // nothing formatted
///
/// let verbose = LoggingMiddleware<AppState, AppAction>(level: .info, state: .diff)
/// // [info] toggle(id: 3)
/// // − rows[3].done: false
/// // + rows[3].done: true
/// ```
///
/// By default a record holds the action only: its cost is O(1) in the state's size. Ask for the
/// whole state (``StateLogging/full``) or the fields the action changed (``StateLogging/diff``)
/// when you need them; both are O(state) per action, and `diff` keeps the previous state, so the
/// reducer's changes are copied once per action. A refused action is logged at `failureLevel`
/// with the `StoreError`. The sink is called on the thread the store notifies on, one record
/// at a time. The `Integrations` package's swift-log backend logs through a `Logger`.
public final class LoggingMiddleware<State: Sendable, Action: Sendable>: ObservingMiddleware {
    /// Keeps the observation of the store alive as long as the middleware.
    public let disposeBag = DisposeBag()
    private let level: LogLevel
    private let failureLevel: LogLevel
    private let stateLogging: StateLogging
    private let sink: any LogSink
    /// RxState's form (``init(sink:format:)``): every update, formatted by a function.
    private let legacy: (sink: @Sendable (String) -> Void, format: @Sendable (StoreUpdate<State, Action>) -> String)?

    /// Creates a logging middleware.
    ///
    /// - Parameters:
    ///   - level: The level of a processed action's record.
    ///   - failureLevel: The level of a refused action's record.
    ///   - state: What to log of the state: nothing (the default), all of it, or what changed.
    ///   - sink: Where records go; ``LineSink`` (printing every level) by default.
    public init(
        level: LogLevel = .info,
        failureLevel: LogLevel = .warning,
        state: StateLogging = .off,
        sink: any LogSink = LineSink()
    ) {
        self.level = level
        self.failureLevel = failureLevel
        self.stateLogging = state
        self.sink = sink
        self.legacy = nil
    }

    /// Creates a logging middleware in RxState's form: every update, the latest one first,
    /// formatted by `format` and written by `sink`.
    ///
    /// ```swift
    /// let lines = LoggingMiddleware<Substates, AppAction>(sink: { os_log("%@", $0) })
    /// ```
    ///
    /// `format` runs for every update (the sink cannot say what it drops; prefer
    /// ``init(level:failureLevel:state:sink:)`` with a ``LogSink`` in services).
    ///
    /// - Parameters:
    ///   - sink: Receives each message.
    ///   - format: Turns an update into a message; ``defaultFormat(_:)`` (state, action and
    ///     error) by default.
    public init(
        sink: @escaping @Sendable (String) -> Void,
        format: @escaping @Sendable (StoreUpdate<State, Action>) -> String = LoggingMiddleware.defaultFormat
    ) {
        self.level = .info
        self.failureLevel = .warning
        self.stateLogging = .full
        self.sink = LineSink()
        self.legacy = (sink, format)
    }

    /// RxState's message: `currentState: …`, `lastAction: …` and, for a failure, `error: …`.
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
        if let legacy {
            currentStateLastAction
                .observeNext { update in legacy.sink(legacy.format(update)) }
                .dispose(in: disposeBag)
            return
        }
        let previous = LoggedState<State>()
        let (level, failureLevel, stateLogging, sink) = (self.level, self.failureLevel, self.stateLogging, self.sink)
        currentStateLastAction
            .observeNext { update in
                defer { if stateLogging == .diff { previous.value = update.state } }
                // The first update is the replay of what happened before the middleware joined.
                guard previous.hasStarted else {
                    previous.hasStarted = true
                    return
                }
                guard let action = update.lastAction else { return }
                let recordLevel = update.error == nil ? level : failureLevel
                guard sink.isEnabled(recordLevel) else { return }
                sink.log(Self.record(update, action: action, level: recordLevel, state: stateLogging, previous: previous.value))
            }
            .dispose(in: disposeBag)
    }

    /// Formats a record (only for a level the sink keeps).
    private static func record(
        _ update: StoreUpdate<State, Action>,
        action: Action,
        level: LogLevel,
        state: StateLogging,
        previous: State?
    ) -> LogRecord {
        let described = String(describing: action)
        var metadata = ["action": described, "sequence": String(update.sequence)]
        var message = described
        if let error = update.error {
            metadata["error"] = error.description
            message += " refused: \(error)"
        }
        switch state {
        case .off: break
        case .full: metadata["state"] = String(describing: update.state)
        case .diff:
            if let previous {
                metadata["stateDiff"] = FieldDiff.lines(from: previous, to: update.state).joined(separator: "\n")
            }
        }
        return LogRecord(level: level, message: message, metadata: metadata)
    }
}

/// What a ``LoggingMiddleware`` logs of the state with each action.
public enum StateLogging: Sendable, Hashable {
    /// Nothing: the record holds the action (O(1) in the state's size).
    case off
    /// The whole state, as `String(describing:)` prints it.
    case full
    /// The fields the action changed, as `−`/`+` lines (see the middleware's discussion).
    case diff
}

/// The state one logging observation saw last, touched only from its serial updates.
final class LoggedState<State>: @unchecked Sendable {
    // @unchecked Sendable: touched only from one observation's serially delivered updates.
    var value: State?
    var hasStarted = false
}
