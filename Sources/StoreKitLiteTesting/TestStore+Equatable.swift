public import StoreKitLite
public import StreamCoreTesting
import HarnessReporting

extension TestStore where State: Equatable {
    /// Creates a test store that compares states with `==`.
    ///
    /// ```swift
    /// let store = TestStore(initialState: 0, reducer: counter)
    /// try store.send(.increment) { $0 = 1 }
    ///
    /// let todos = TestStore(initialState: [], reducer: todoList) {
    ///     $0.uuid = .incrementing                     // TCA's withDependencies:
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer under test.
    ///   - middleware: Interceptors, after the test store's own gate.
    ///   - exhaustivity: How strictly the test is checked; `.on` by default.
    ///   - prepareDependencies: Overrides dependencies for the store (TCA's `withDependencies:`);
    ///     the store runs in the test context, and a read of a key with no test value is a test
    ///     failure naming it.
    ///   - fileID: The creation site's file, where `deinit` reports leftovers (the caller's).
    ///   - filePath: The creation site's file path (the caller's).
    ///   - line: The creation site's line (the caller's).
    ///   - column: The creation site's column (the caller's).
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        exhaustivity: Exhaustivity = .on,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            exhaustivity: exhaustivity,
            isEqual: { $0 == $1 },
            withDependencies: prepareDependencies,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }
}

extension TestStore where Action: Equatable {
    /// Asserts that an effect fed back an action, then reduces it (when exhaustive) and asserts
    /// the state.
    ///
    /// ```swift
    /// try store.receive(.loaded(["a"]), timeout: .seconds(5)) { $0.items = ["a"] }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The action expected: the oldest unasserted one (exhaustive), or the oldest
    ///     one equal to it (not exhaustive).
    ///   - timeout: How long to wait for it (effects on other threads). Zero (the default)
    ///     checks at once and never waits: use it after advancing a virtual-time scheduler.
    ///   - assert: Turns the state before the action into the state expected after it
    ///     (exhaustive), or sets the fields to check on the state after it (not exhaustive).
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: Outside Swift Testing only, ``TestStoreFailure`` when no action arrives in
    ///   time, the oldest one differs, or the state differs from the expectation; under Swift
    ///   Testing these are recorded as issues at the call's line.
    public func receive(
        _ expected: Action,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try receive(
            matching: { $0 == expected }, describedAs: "\(expected)", timeout: timeout, assert: assert, at: location
        )
    }

    /// Asserts that an effect fed back an action, waiting without blocking a thread; otherwise
    /// as the synchronous `receive(_:timeout:assert:fileID:filePath:line:column:)`.
    ///
    /// ```swift
    /// try await store.receive(.loaded(["a"]), timeout: .seconds(5)) { $0.items = ["a"] }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The action expected.
    ///   - timeout: How long to wait for it; zero (the default) checks at once.
    ///   - assert: As in the synchronous form.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as the synchronous form.
    public func receive(
        _ expected: Action,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try await receive(
            matching: { $0 == expected }, describedAs: "\(expected)", timeout: timeout, assert: assert, at: location
        )
    }
}
