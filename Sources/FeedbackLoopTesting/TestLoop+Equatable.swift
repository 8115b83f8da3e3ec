public import FeedbackLoop
public import StreamCoreTesting
import HarnessReporting

extension TestLoop where State: Equatable {
    /// Creates a test loop that compares states with `==`, subscribes the feedbacks and delivers
    /// `initial` to them.
    ///
    /// ```swift
    /// let loop = TestLoop(initial: 0, reducer: counter, feedbacks: [increment, decrement])
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - reducer: The reducer under test.
    ///   - feedbacks: The feedbacks under test, subscribed in this order.
    ///   - exhaustivity: How strictly the loop is checked; `.on` by default.
    ///   - prepareDependencies: Overrides dependencies for the reducer and the feedbacks; the
    ///     loop runs in the test context (see `TestLoop`'s discussion).
    ///   - fileID: The caller's `#fileID`: where an issue found at deinit is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public convenience init(
        initial: State,
        reducer: Reducer<State, Event>,
        feedbacks: [Feedback<State, Event>] = [],
        exhaustivity: Exhaustivity = .on,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            initial: initial, reducer: reducer, feedbacks: feedbacks, exhaustivity: exhaustivity, isEqual: { $0 == $1 },
            withDependencies: prepareDependencies, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// Creates a test loop with a reducer function (the `Signal.system(initial:reduce:feedbacks:)`
    /// form).
    ///
    /// ```swift
    /// let loop = TestLoop(initial: State.initial, reduce: State.reduce, feedbacks: [paging, retry])
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - reduce: The reducer under test.
    ///   - feedbacks: The feedbacks under test, subscribed in this order.
    ///   - exhaustivity: How strictly the loop is checked; `.on` by default.
    ///   - prepareDependencies: Overrides dependencies for the reducer and the feedbacks; the
    ///     loop runs in the test context (see `TestLoop`'s discussion).
    ///   - fileID: The caller's `#fileID`: where an issue found at deinit is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public convenience init(
        initial: State,
        reduce: @escaping @Sendable (State, Event) -> State,
        feedbacks: [Feedback<State, Event>] = [],
        exhaustivity: Exhaustivity = .on,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            initial: initial, reducer: Reducer(reduce), feedbacks: feedbacks, exhaustivity: exhaustivity,
            withDependencies: prepareDependencies, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

extension TestLoop where Event: Equatable {
    /// Asserts that the oldest received event is `expected`, then reduces it, asserts the state
    /// it produces and delivers it to the feedbacks.
    ///
    /// ```swift
    /// scheduler.advance(by: .seconds(1))     // the effect's event arrives
    /// loop.receive(.response(page1)) { $0 = .loadedPage(context: loaded) }
    /// ```
    ///
    /// When no event was received, this fails (did the test advance the `TestScheduler`?).
    /// When the oldest received event differs, this fails, and that event is reduced unchecked
    /// so that the loop goes on as the real one would. With `.off`, the received
    /// events older than the first one equal to `expected` are reduced unchecked first.
    ///
    /// - Parameters:
    ///   - expected: The event a feedback should have sent.
    ///   - assert: Turns the state before the event into the state expected after it
    ///     (see ``Exhaustivity`` for `.off`); omit it when the state must not change.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public func receive(
        _ expected: Event,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        receiveEvent(
            matching: { $0 == expected },
            expectation: "\(expected)",
            assert: assert,
            location: HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
