// Test helpers shared by the test targets (not a product): leak assertions through Swift Testing.
public import StreamCoreTesting
import Testing

/// `assertNoLeaks` reporting through Swift Testing's `Issue.record` at the caller's location.
public func expectNoLeaks<R>(
    timeout: Duration = .seconds(1),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: () throws -> R
) rethrows -> R {
    try assertNoLeaks(
        timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column,
        reportFailure: recordLeak, body
    )
}

/// The asynchronous form of ``expectNoLeaks(timeout:fileID:filePath:line:column:_:)``.
public func expectNoLeaks<R>(
    timeout: Duration = .seconds(1),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
) async rethrows -> R {
    try await assertNoLeaks(
        timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column,
        isolation: isolation, reportFailure: recordLeak, body
    )
}

/// Records a leak as a test issue at the assertion's call site.
public func recordLeak(_ leak: ResourceLeak) {
    Issue.record(
        Comment(rawValue: leak.description),
        sourceLocation: SourceLocation(
            fileID: leak.location.fileID, filePath: leak.location.filePath,
            line: leak.location.line, column: leak.location.column
        ))
}

/// An object whose deallocation a test checks through a weak reference.
public final class Sentinel: Sendable {
    /// Creates a sentinel.
    public init() {}
}
