package import StreamCore

/// The dependencies a test harness (`TestStore`, `TestLoop`) runs its store or loop with, and
/// the dependency issues it has yet to report.
///
/// The values are those in force where the harness is created, in the test context, with a
/// cache of their own (each harness computes and keeps its own test values) and the harness's
/// changes. A read of a key without a test value is a failure: recorded at once, at the reading
/// `@Dependency`'s line (else the harness's), when it happens on the test's own task under Swift
/// Testing (a reducer run by `send`); else (an effect on another thread, or XCTest) kept until
/// the harness's next step takes it with ``takeIssues()``.
package final class HarnessDependencies: Sendable {
    /// The scope to install around what the harness runs.
    package let scope: DependencyScope
    private let issues: LockedState<[DependencyIssue]>

    /// Makes the harness's dependencies.
    ///
    /// - Parameters:
    ///   - prepare: The harness's `withDependencies:` changes.
    ///   - creation: Where the harness was created (an issue with no reading line is reported there).
    package init(_ prepare: (inout DependencyValues) -> Void, creation: HarnessLocation) {
        let issues = LockedState<[DependencyIssue]>([])
        var values = DependencyValues.forTesting { issue in
            if isRunningSwiftTestingTest {
                let location = issue.location.map {
                    HarnessLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
                }
                recordHarnessIssue(issue.description, at: location ?? creation)
            } else {
                issues.withLock { $0.append(issue) }
            }
        }
        values.update(with: prepare)
        scope = DependencyScope(values)
        self.issues = issues
    }

    /// The issues kept since the last call, oldest first.
    ///
    /// - Returns: The issues; the harness reports them at its current step.
    package func takeIssues() -> [DependencyIssue] {
        issues.withLock { issues in
            defer { issues = [] }
            return issues
        }
    }
}
