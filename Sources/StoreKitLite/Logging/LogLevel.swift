/// How important a log record is, from the most verbose to the most severe (swift-log's levels,
/// so a `Logger` backend maps them one to one).
public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Step-by-step detail.
    case trace
    /// Information for developers.
    case debug
    /// Normal operation.
    case info
    /// Normal but significant.
    case notice
    /// Something went wrong, but the program goes on.
    case warning
    /// An operation failed.
    case error
    /// The program cannot go on.
    case critical

    /// Whether `lhs` is less severe than `rhs`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The level's name (`info`, `warning`…).
    public var description: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }
}

/// Where a ``LoggingMiddleware`` writes: it says which levels it keeps, so that nothing is
/// formatted for a record it would drop.
///
/// ```swift
/// struct StandardError: LogSink {
///     var minimumLevel = LogLevel.info
///     func isEnabled(_ level: LogLevel) -> Bool { level >= minimumLevel }
///     func log(_ record: LogRecord) { FileHandle.standardError.write(Data((record.line + "\n").utf8)) }
/// }
/// ```
///
/// The `Integrations` package's swift-log backend is a sink over a `Logger`.
public protocol LogSink: Sendable {
    /// Whether records of this level are kept; the middleware formats nothing for a level that
    /// is not.
    ///
    /// - Parameter level: The level of the record about to be made.
    /// - Returns: `true` to receive it.
    func isEnabled(_ level: LogLevel) -> Bool

    /// Writes a record.
    ///
    /// - Parameter record: The record.
    func log(_ record: LogRecord)
}

/// One log record: a level, a one-line message, and metadata (the action, and the state or its
/// diff when asked for).
public struct LogRecord: Sendable, Equatable {
    /// The level.
    public var level: LogLevel
    /// The message: the action, or the action and why it was refused.
    public var message: String
    /// Key–value details: `action`, `sequence`, and `error`, `state` or `stateDiff` when present.
    public var metadata: [String: String]

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - level: The level.
    ///   - message: The message.
    ///   - metadata: Key–value details.
    public init(level: LogLevel, message: String, metadata: [String: String] = [:]) {
        self.level = level
        self.message = message
        self.metadata = metadata
    }

    /// The record as text: `[level] message`, then the state or its diff on further lines.
    public var line: String {
        var text = "[\(level)] \(message)"
        if let state = metadata["state"] { text += "\nstate: \(state)" }
        if let diff = metadata["stateDiff"], !diff.isEmpty { text += "\n" + diff }
        return text
    }
}

/// A ``LogSink`` that writes each record's ``LogRecord/line`` with a function (say, `print`),
/// keeping the levels from a minimum up.
public struct LineSink: LogSink {
    /// The least severe level kept.
    public var minimumLevel: LogLevel
    private let write: @Sendable (String) -> Void

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - minimumLevel: The least severe level kept; records below it are never formatted.
    ///   - write: Writes one record's text; `print` by default.
    public init(minimumLevel: LogLevel = .trace, write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.minimumLevel = minimumLevel
        self.write = write
    }

    /// Whether `level` is at least ``minimumLevel``.
    ///
    /// - Parameter level: The level.
    /// - Returns: Whether records of that level are kept.
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= minimumLevel
    }

    /// Writes the record's line.
    ///
    /// - Parameter record: The record.
    public func log(_ record: LogRecord) {
        write(record.line)
    }
}
