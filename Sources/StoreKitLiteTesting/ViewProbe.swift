import HarnessReporting
import Observation
public import StoreKitLite
import StreamCore

/// Stand-ins for views in a test: named readers of an `ObservableStore` (or of
/// any `Observable` model), tracked with `withObservationTracking` the way SwiftUI tracks a
/// view's body, and an assertion of exactly which of them a change invalidated — so that a view
/// invalidated by a change it does not show (an over-invalidation) fails the test, and so does a
/// view left stale.
///
/// ```swift
/// @MainActor @Test func renamingARowInvalidatesOnlyThatRow() async throws {
///     let store = ObservableStore(initialState: Board(rows: rows), reducer: board)
///     let rows = store.scope(forEach: \.rows, action: { .row($0, $1) })
///     let views = ViewProbe()
///     views.read("title") { store.state.title }
///     views.read("list") { store.scope(forEach: \.rows, action: { .row($0, $1) }).count }
///     views.read("row 3") { rows[3].state.title }
///
///     try await views.send(.row(3, .rename("Milk")), to: store, invalidates: ["row 3"])
///     try await views.send(.append(Row(id: 100)), to: store, invalidates: ["list"])
/// }
/// ```
///
/// A reader's name is the test's label for a view; reading again with a name already used
/// replaces that reader. After each assertion the invalidated readers read again (the views'
/// next render), so every assertion covers the changes since the previous one.
///
/// In a Swift Testing test a mismatch records an issue at the asserting line and the test goes
/// on (wrap a deliberate one in `withKnownIssue`); elsewhere the assertion throws an
/// ``InvalidationMismatch``.
@MainActor
public final class ViewProbe {
    private struct Reader {
        let read: @MainActor () -> Void
        let invalidated: LockedState<Bool>
    }

    private var readers: [String: Reader] = [:]
    /// The readers' names, in the order they were first read (the order of messages).
    private var order: [String] = []

    /// Creates a probe with no readers.
    public init() {}

    /// Adds a reader named `name` that runs `body` now and after each assertion that finds it
    /// invalidated, tracking every observable property `body` reads (what a view's body does).
    ///
    /// ```swift
    /// views.read("count") { store.state.count }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The reader's label in assertions and messages.
    ///   - body: What the view reads; its result is discarded.
    public func read<Value>(_ name: String, _ body: @escaping @MainActor () -> Value) {
        if readers[name] == nil { order.append(name) }
        let reader = Reader(read: { _ = body() }, invalidated: LockedState(false))
        readers[name] = reader
        track(reader)
    }

    /// The names of the readers invalidated since the last assertion, in the order they were
    /// first read.
    public var invalidated: [String] {
        order.filter { name in readers[name]?.invalidated.withLock { $0 } ?? false }
    }

    /// Checks that the readers invalidated since the last assertion are exactly `expected`,
    /// then lets the invalidated readers read again.
    ///
    /// ```swift
    /// try testStore.send(.row(3, .rename("Milk"))) { $0.rows[3].title = "Milk" }
    /// try views.expectInvalidated(["row 3"], showing: host)
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The names of the readers the change must invalidate; every other reader
    ///     must stay valid.
    ///   - host: A root host whose store changed outside the host (through its `Store` or a
    ///     `TestStore`): the host shows the store's latest state first. `nil` when the change
    ///     already reached the views (an awaited `ObservableStore.send`).
    ///   - change: Names the change in a failure message.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``InvalidationMismatch`` outside Swift Testing when the invalidated readers
    ///   differ from `expected`.
    public func expectInvalidated<State, Action>(
        _ expected: Set<String>,
        showing host: ObservableStore<State, Action>?,
        change: String = "the change",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws(InvalidationMismatch) {
        host?.showLatestState()
        try check(expected, change: change, at: HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that the readers invalidated since the last assertion are exactly `expected`, for
    /// a change that has already reached the views, then lets the invalidated readers read again.
    ///
    /// - Parameters:
    ///   - expected: The names of the readers the change must invalidate.
    ///   - change: Names the change in a failure message.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``InvalidationMismatch`` outside Swift Testing when they differ.
    public func expectInvalidated(
        _ expected: Set<String>,
        change: String = "the change",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws(InvalidationMismatch) {
        try check(expected, change: change, at: HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Sends `action` to `store`, waits until the host shows its state, and checks that exactly
    /// the readers named in `expected` were invalidated by it.
    ///
    /// ```swift
    /// try await views.send(.increment, to: store, invalidates: ["count"])
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - store: The host the readers read (or the root of the hosts they read).
    ///   - expected: The names of the readers the action must invalidate.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: The `StoreError` that refused the action, or, outside Swift Testing, an
    ///   ``InvalidationMismatch``.
    public func send<State, Action>(
        _ action: Action,
        to store: ObservableStore<State, Action>,
        invalidates expected: Set<String>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws {
        try await store.send(action)
        try check(
            expected, change: "send(\(action))",
            at: HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func track(_ reader: Reader) {
        reader.invalidated.withLock { $0 = false }
        let invalidated = reader.invalidated
        withObservationTracking({ reader.read() }, onChange: { invalidated.withLock { $0 = true } })
    }

    private func check(_ expected: Set<String>, change: String, at location: HarnessLocation) throws(InvalidationMismatch) {
        let actual = invalidated
        for name in actual {
            if let reader = readers[name] { track(reader) }
        }
        let mismatch = InvalidationMismatch(
            change: change,
            unexpected: actual.filter { !expected.contains($0) },
            missing: order.filter { expected.contains($0) && !actual.contains($0) },
            unknown: expected.filter { readers[$0] == nil }.sorted(),
            location: "\(location.fileID):\(location.line):\(location.column)"
        )
        guard !mismatch.isEmpty else { return }
        if isRunningSwiftTestingTest {
            recordHarnessIssue(mismatch.message, at: location)
            return
        }
        throw mismatch
    }
}

/// Which readers of a ``ViewProbe`` a change invalidated beyond, or short of, the expected ones.
public struct InvalidationMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// The change, as the assertion named it (`send(increment)`).
    public let change: String
    /// Readers the change invalidated though the test did not expect it (views that would
    /// render again for nothing), in the order they were first read.
    public let unexpected: [String]
    /// Readers the test expected the change to invalidate that stayed valid (views that would
    /// show a stale value).
    public let missing: [String]
    /// Expected names no reader has (a typo in the test).
    public let unknown: [String]
    /// Where the assertion was written, as `fileID:line:column`.
    public let location: String

    var isEmpty: Bool { unexpected.isEmpty && missing.isEmpty && unknown.isEmpty }

    /// The explanation, one line per kind of difference.
    var message: String {
        var lines = ["Views invalidated by \(change) differ from the expectation:"]
        if !unexpected.isEmpty { lines.append("  invalidated, not expected: \(unexpected.joined(separator: ", "))") }
        if !missing.isEmpty { lines.append("  expected, not invalidated: \(missing.joined(separator: ", "))") }
        if !unknown.isEmpty { lines.append("  no reader named: \(unknown.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    /// The explanation, after the assertion's location.
    public var description: String {
        "\(location): \(message)"
    }
}
