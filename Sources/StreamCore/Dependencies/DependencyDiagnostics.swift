#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``DependencyIssue`` goes when no test harness records it.
///
/// StoreKitLiteTesting's `TestStore` and FeedbackLoopTesting's `TestLoop` record the issues of
/// the reads they run as test failures. Other reads (a plain `Store` in a test process, a read
/// on a thread outside every scope) report here: by default one line on standard error. Replace
/// ``report`` at start-up to route issues to a logger, or to fail an XCTest:
///
/// ```swift
/// DependencyDiagnostics.report = { issue in XCTFail(issue.description) }
/// ```
public enum DependencyDiagnostics {
    private static let handler = LockedState<@Sendable (DependencyIssue) -> Void>(printToStandardError)

    /// Receives each issue no harness records, on the thread that read the dependency (never
    /// under a lock). Thread-safe to read and to set.
    public static var report: @Sendable (DependencyIssue) -> Void {
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
    /// - Parameter issue: The dependency read that went wrong.
    public static func printToStandardError(_ issue: DependencyIssue) {
        var line = "StreamCore: \(issue)\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
