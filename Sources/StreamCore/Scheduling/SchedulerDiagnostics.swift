#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A scheduler broke a rule that the toolkit's time-based work relies on.
///
/// ```swift
/// SchedulerDiagnostics.report = { misuse in logger.error("\(misuse)") }
/// ```
public enum SchedulerMisuse: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scheduler's `schedule(after:_:)` ran the action inside the call (synchronously), so
    /// the default ``Scheduler/schedule(after:every:_:)`` could only repeat by recursing without
    /// bound. The repetition was stopped before its action ran. `scheduler` names the type.
    ///
    /// Fix: run delayed actions after `schedule(after:_:)` returns, or implement
    /// `schedule(after:every:_:)` in the scheduler itself (as ``ImmediateScheduler`` does).
    case delayedActionRanSynchronously(scheduler: String)

    /// A readable explanation, with the fix.
    public var description: String {
        switch self {
        case .delayedActionRanSynchronously(let scheduler):
            "\(scheduler).schedule(after:_:) ran its action synchronously, so a repeating action on it would "
                + "recurse without bound; the repetition was stopped. Run delayed actions after "
                + "schedule(after:_:) returns, or implement schedule(after:every:_:) in the scheduler."
        }
    }
}

/// Where the toolkit reports a ``SchedulerMisuse``.
///
/// By default each misuse is written to standard error. Replace ``report`` at start-up to route
/// it to a logger, or to fail a test.
public enum SchedulerDiagnostics {
    private static let handler = LockedState<@Sendable (SchedulerMisuse) -> Void>(printToStandardError)

    /// Receives each misuse, on the thread that detected it. Thread-safe to read and to set.
    public static var report: @Sendable (SchedulerMisuse) -> Void {
        get { handler.withLock { $0 } }
        set {
            // The replaced closure is released after unlocking: its captures' deinit is user code.
            let replaced = handler.withLock { current in
                defer { current = newValue }
                return current
            }
            withExtendedLifetime(replaced) {}
        }
    }

    /// The default report: one line on standard error.
    ///
    /// - Parameter misuse: What the scheduler did wrong.
    public static func printToStandardError(_ misuse: SchedulerMisuse) {
        var line = "StreamCore: \(misuse)\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
