public import Logging
public import StoreKitLite

/// A `LogSink` that writes a `LoggingMiddleware`'s records to a swift-log `Logger`.
///
/// ```swift
/// import Logging
/// import ReactiveToolkitLogging
///
/// var logger = Logger(label: "orders.store")
/// logger.logLevel = .info
/// let store = Store(initialState: Orders(), reducer: orders, observers: [
///     LoggingMiddleware(logger: logger)                  // the action only, at .info
/// ])
/// ```
///
/// Levels map one to one (`LogLevel` has swift-log's seven levels). The record's
/// message is the log message; its metadata (`action`, `sequence`, and `error`, `state` or
/// `stateDiff` when present) becomes the log event's metadata, as strings. The sink asks the
/// logger's `logLevel` before the middleware formats anything, so a record below it costs
/// nothing. The state is logged only when the middleware is asked to (`state: .full` or `.diff`).
public struct SwiftLogSink: LogSink {
    /// The logger records are written to.
    public var logger: Logger

    /// Creates a sink over a logger.
    ///
    /// - Parameter logger: The logger; its `logLevel` decides which records are made at all.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Whether the logger keeps records of this level.
    ///
    /// - Parameter level: The record's level.
    /// - Returns: `true` if `level` is at least the logger's `logLevel`.
    public func isEnabled(_ level: LogLevel) -> Bool {
        Logger.Level(level) >= logger.logLevel
    }

    /// Writes the record to the logger, its metadata as string metadata.
    ///
    /// - Parameter record: The record.
    public func log(_ record: LogRecord) {
        logger.log(
            level: Logger.Level(record.level),
            Logger.Message(stringLiteral: record.message),
            metadata: record.metadata.mapValues { Logger.MetadataValue.string($0) }
        )
    }
}

extension LoggingMiddleware {
    /// Creates a logging middleware that writes to a swift-log `Logger`.
    ///
    /// ```swift
    /// LoggingMiddleware<Orders, OrderAction>(logger: logger, state: .diff)
    /// ```
    ///
    /// - Parameters:
    ///   - logger: The logger (see ``SwiftLogSink``).
    ///   - level: The level of a processed action's record.
    ///   - failureLevel: The level of a refused action's record.
    ///   - state: What to log of the state: nothing (the default), all of it, or what changed.
    public convenience init(
        logger: Logger,
        level: LogLevel = .info,
        failureLevel: LogLevel = .warning,
        state: StateLogging = .off
    ) {
        self.init(level: level, failureLevel: failureLevel, state: state, sink: SwiftLogSink(logger: logger))
    }
}

extension Logger.Level {
    /// The swift-log level of a toolkit `LogLevel` (same names, same order).
    ///
    /// - Parameter level: The toolkit's level.
    public init(_ level: LogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}

extension LogLevel {
    /// The toolkit level of a swift-log `Logger.Level` (same names, same order).
    ///
    /// - Parameter level: swift-log's level.
    public init(_ level: Logger.Level) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}
