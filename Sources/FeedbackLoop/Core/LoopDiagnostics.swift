#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a loop reports when it has run many iterations without ever becoming idle.
///
/// A loop never recurses: an event sent while the loop is reducing or delivering (from a feedback
/// reacting synchronously to a state) is queued and handled afterwards, so there is no stack
/// overflow and no lost or reordered event. But a chain of feedbacks that keeps answering every
/// state synchronously is often a bug (a missing stop condition); in debug builds, when one such
/// run of the loop passes ``LoopDiagnostics/synchronousDepthLimit`` iterations, the loop reports
/// the event and the feedback that sent it, and goes on.
public struct ReentrancyReport: Sendable, CustomStringConvertible {
    /// How many iterations the loop ran without becoming idle when the report was made.
    public let depth: Int
    /// The position of the feedback that sent the event, in the order the loop was given them.
    public let feedbackIndex: Int
    /// The feedback's name (see ``Feedback/named(_:)``), or "feedback #index".
    public let feedback: String
    /// The event that pushed the loop past the limit, as `String(describing:)` prints it.
    public let event: String

    /// Creates a report (the loop makes them; tests may too).
    ///
    /// - Parameters:
    ///   - depth: Iterations without becoming idle.
    ///   - feedbackIndex: The sending feedback's position.
    ///   - feedback: The sending feedback's name.
    ///   - event: The event's description.
    public init(depth: Int, feedbackIndex: Int, feedback: String, event: String) {
        self.depth = depth
        self.feedbackIndex = feedbackIndex
        self.feedback = feedback
        self.event = event
    }

    /// A one-line explanation.
    public var description: String {
        "FeedbackLoop: the loop ran \(depth) iterations without becoming idle; "
            + "\(feedback) re-entered it with event \(event). "
            + "A feedback answering every state synchronously may be missing a stop condition."
    }
}

/// Debug-build checks for loops that keep re-entering themselves synchronously.
///
/// ```swift
/// let loop = Signal<Int, Never>.system(
///     initial: 0,
///     reduce: { count, _ in count + 1 },
///     feedbacks: [Feedback(effect: { _ in Signal(just: Event.tick) })],
///     diagnostics: LoopDiagnostics(synchronousDepthLimit: 1_000) { report in
///         logger.warning("\(report)")
///     }
/// )
/// ```
///
/// The check costs one integer comparison per iteration and compiles away in release builds.
public struct LoopDiagnostics: Sendable {
    /// Iterations one run of the loop may take without becoming idle before a report; `nil`
    /// turns the check off.
    public var synchronousDepthLimit: Int?
    /// Receives the report (once per run of the loop that passes the limit).
    public var report: @Sendable (ReentrancyReport) -> Void
    /// Receives each event the reducer refused (it threw a `StoreError`): the loop keeps its
    /// state, delivers no new state for that event, and goes on. In every build; by default the
    /// refusal is written to standard error.
    public var rejected: @Sendable (StoreError) -> Void = LoopDiagnostics.printRejection

    /// Creates diagnostics with a limit and a report handler.
    ///
    /// - Parameters:
    ///   - synchronousDepthLimit: Iterations without becoming idle before a report; `nil` = off.
    ///   - report: Receives the report; by default it is written to standard error.
    public init(
        synchronousDepthLimit: Int? = 100_000,
        report: @escaping @Sendable (ReentrancyReport) -> Void = LoopDiagnostics.printToStandardError
    ) {
        self.synchronousDepthLimit = synchronousDepthLimit
        self.report = report
    }

    /// The default: report after 100_000 iterations without becoming idle, to standard error.
    public static var standard: LoopDiagnostics { LoopDiagnostics() }

    /// No checks.
    public static var disabled: LoopDiagnostics { LoopDiagnostics(synchronousDepthLimit: nil) }

    /// Writes a refused event's error to standard error.
    ///
    /// - Parameter error: Why the reducer refused the event.
    @Sendable
    public static func printRejection(_ error: StoreError) {
        var line = "FeedbackLoop: the reducer refused an event: \(error)\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }

    /// Writes a report to standard error.
    ///
    /// - Parameter report: The report to write.
    @Sendable
    public static func printToStandardError(_ report: ReentrancyReport) {
        var line = report.description + "\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
