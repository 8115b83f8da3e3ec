public import StreamCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Resources that were still alive after the code checked by `assertNoLeaks(reportFailure:_:)`
/// ended: for each kind left above its starting count, how many more there were.
public struct ResourceLeak: Error, Hashable, Sendable, CustomStringConvertible {
    /// How many resources of each leaked kind were still alive (only kinds above their starting
    /// count appear).
    public var leaked: [Resources.Kind: Int]
    /// Where the assertion was written.
    public var location: MarbleSourceLocation

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - leaked: The extra live count per leaked kind.
    ///   - location: The assertion's call site.
    public init(leaked: [Resources.Kind: Int], location: MarbleSourceLocation) {
        self.leaked = leaked
        self.location = location
    }

    /// For example `MyTests/FeedTests.swift:12:9: leaked 1 observations, 2 subjectObservers`.
    public var description: String {
        let kinds = Resources.Kind.allCases.compactMap { kind in leaked[kind].map { "\($0) \(kind)" } }
        return "\(location): leaked \(kinds.joined(separator: ", ")) (still alive after the checked code ended)"
    }
}

/// Runs `body` and reports the toolkit resources it created that are still alive afterwards:
/// observations, subject observers, stores, running effects and feedback loops (see
/// `Resources`).
///
/// ```swift
/// @Test func searchDoesNotLeak() {
///     assertNoLeaks(reportFailure: { leak in
///         Issue.record(Comment(rawValue: leak.description), sourceLocation: SourceLocation(
///             fileID: leak.location.fileID, filePath: leak.location.filePath,
///             line: leak.location.line, column: leak.location.column))
///     }) {
///         let query = Property("")
///         let observation = query.debounce(for: .seconds(1), on: scheduler).observeNext { _ in }
///         observation.dispose()
///     }
/// }
/// ```
///
/// Only resources created *by `body`* count: on its thread, or in tasks it starts that inherit
/// task-local values, through a `ResourceScope`. So tests running in parallel do not disturb
/// each other; but a resource `body` creates on another thread (a `DispatchQueue` callback, a
/// detached task) is not seen. If something is still alive when `body` returns, the check waits
/// up to `timeout` for asynchronous teardown before reporting.
///
/// Counting is on only in debug builds of StreamCore; in release builds the check always passes.
///
/// - Parameters:
///   - timeout: How long to wait for resources still alive when `body` returns.
///   - fileID: The caller's `#fileID`.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
///   - reportFailure: Called once, on the calling thread, with the leaked kinds and the call
///     site, if anything leaked; for example `Issue.record` or `XCTFail`.
///   - body: The code to check.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws (nothing is checked then).
public func assertNoLeaks<R>(
    timeout: Duration = .seconds(1),
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    reportFailure: (ResourceLeak) -> Void,
    _ body: () throws -> R
) rethrows -> R {
    let scope = ResourceScope()
    let start = scope.liveCounts
    let result = try scope.bind(body)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while leaked(in: scope, since: start) != nil, clock.now < deadline {
        usleep(1_000)
    }
    if let leaked = leaked(in: scope, since: start) {
        let location = MarbleSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        reportFailure(ResourceLeak(leaked: leaked, location: location))
    }
    return result
}

/// The asynchronous form of `assertNoLeaks(reportFailure:_:)`:
/// runs asynchronous `body` and reports the resources it (or any task inheriting its task-local
/// values) created that are still alive afterwards, after waiting up to `timeout` for them to go.
///
/// ```swift
/// @Test func loadingDoesNotLeak() async throws {
///     try await assertNoLeaks(reportFailure: { Issue.record(Comment(rawValue: $0.description)) }) {
///         _ = try await client.load().firstValue()
///     }
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait for resources still alive when `body` returns.
///   - fileID: The caller's `#fileID`.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
///   - isolation: The caller's isolation, inherited by `body`.
///   - reportFailure: Called once with the leaked kinds and the call site, if anything leaked.
///   - body: The code to check.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws (nothing is checked then).
public func assertNoLeaks<R>(
    timeout: Duration = .seconds(1),
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    reportFailure: (ResourceLeak) -> Void,
    _ body: () async throws -> R
) async rethrows -> R {
    let scope = ResourceScope()
    let start = scope.liveCounts
    let result = try await scope.bind(isolation: isolation, body)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while leaked(in: scope, since: start) != nil, clock.now < deadline {
        try? await Task.sleep(for: .milliseconds(1))
    }
    if let leaked = leaked(in: scope, since: start) {
        let location = MarbleSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        reportFailure(ResourceLeak(leaked: leaked, location: location))
    }
    return result
}

/// The kinds above their starting count, with how many more, or `nil` if none.
private func leaked(in scope: ResourceScope, since start: [Resources.Kind: Int]) -> [Resources.Kind: Int]? {
    var leaked: [Resources.Kind: Int] = [:]
    for kind in Resources.Kind.allCases {
        let extra = scope.liveCount(of: kind) - (start[kind] ?? 0)
        if extra > 0 { leaked[kind] = extra }
    }
    return leaked.isEmpty ? nil : leaked
}
