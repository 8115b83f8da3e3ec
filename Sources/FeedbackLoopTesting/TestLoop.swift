public import FeedbackLoop
import StreamCore
public import StreamCoreTesting
import Testing

/// How strictly a ``TestLoop`` checks the loop (TCA's `Exhaustivity`).
///
/// ```swift
/// let loop = TestLoop(initial: State(), reducer: reducer, feedbacks: feedbacks, exhaustivity: .off)
/// ```
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change and every event the feedbacks send must be asserted.
    ///
    /// - `send` and `receive` compare the whole new state with the state before the event as
    ///   changed by the `assert` closure;
    /// - `send` fails while received events are unasserted;
    /// - `receive` must name the oldest received event;
    /// - ``TestLoop/finish(scheduler:fileID:filePath:line:column:)`` and deinit fail when received events
    ///   are unasserted.
    case on
    /// Only what the test asserts is checked.
    ///
    /// - `send` and `receive` apply the `assert` closure to the *actual* new state and fail only
    ///   if that changes it: only the properties the closure sets are checked;
    /// - `send` first reduces the received events still unasserted (and those their states make
    ///   the feedbacks send at once), in order, as the real loop would have;
    /// - `receive` reduces, unchecked, the received events older than the first one equal to the
    ///   expected event, then reduces and checks that one;
    /// - unasserted received events are not a failure.
    case off
}

/// An exhaustive test harness for a feedback loop: the counterpart of TCA's `TestStore` for
/// `Signal.system`.
///
/// The test loop owns the state and steps the loop itself. Each feedback is subscribed to a
/// signal of states, and the initial state is delivered at init. ``send(_:assert:fileID:filePath:line:column:)``
/// reduces an event, checks the new state against the expectation, and delivers it to the
/// feedbacks. Events the feedbacks send are **not** reduced: they are queued as *received*
/// until the test asserts them, one by one, with ``receive(_:assert:fileID:filePath:line:column:)``,
/// which reduces them, checks the state and delivers it. So every state change of the loop is
/// asserted, in order.
///
/// ```swift
/// @Test func pagingLoadsTheFirstPage() {
///     let scheduler = TestScheduler()
///     let api = FakeMovieAPI(scheduler: scheduler)          // answers after one virtual second
///     let loop = TestLoop(
///         initial: State.initial,
///         reduce: State.reduce,
///         feedbacks: [loadNextFeedback(nearBottom), pagingFeedback(api)]
///     )
///     nearBottom.send(())                                   // a UI input feedback
///     loop.receive(.startLoadingNextPage) { $0 = .paging(context: .empty) }
///     scheduler.advance(by: .seconds(1))                    // the fake API answers
///     loop.receive(.response(page1)) { $0 = .loadedPage(context: Context(batch: page1, movies: page1.results)) }
///     loop.finish()
/// }
/// ```
///
/// **Time.** The test loop never waits: effects must run on a `TestScheduler` (from
/// StreamCoreTesting) that the test passes to them and advances; `receive` then finds their
/// events synchronously. Feedbacks' execution contexts (`Feedback.context`) are ignored: every
/// feedback receives the states on the thread that sends or receives the event.
///
/// **One step at a time.** Unlike a running loop, the feedbacks see the next state only when the
/// test asserts the event that produces it. So assert each event before causing the next input:
/// a UI input sent twice before `receive` gives two received events, where the real loop might
/// have reduced the first one and switched its feedback off before the second.
///
/// **Failures** are recorded as Swift Testing issues at the call site, with a line diff of the
/// expected and actual states (`−` expected, `+` actual); a test expecting one wraps the call in
/// `withKnownIssue`. A test loop deallocated with unasserted received events records an issue
/// at the place it was created.
///
/// Use it from one test thread; feedbacks may send their events from any thread.
public final class TestLoop<State: Equatable & Sendable, Event: Equatable & Sendable>: Sendable {
    private struct Received {
        let event: Event
        let source: Int
    }

    private struct Storage {
        var state: State
        var received: [Received] = []
        var exhaustivity: Exhaustivity
        var isFinished = false
    }

    private let storage: LockedState<Storage>
    private let reducer: Reducer<State, Event>
    private let inputs: [PassthroughSubject<State, Never>]
    private let names: [String]
    private let observations: CompositeDisposable
    private let location: SourceLocation

    /// Creates a test loop, subscribes the feedbacks and delivers `initial` to them.
    ///
    /// ```swift
    /// let loop = TestLoop(initial: 0, reducer: counter, feedbacks: [increment, decrement])
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - reducer: The reducer under test.
    ///   - feedbacks: The feedbacks under test, subscribed in this order.
    ///   - exhaustivity: How strictly the loop is checked; ``Exhaustivity/on`` by default.
    ///   - fileID: The caller's `#fileID`: where an issue found at deinit is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public init(
        initial: State,
        reducer: Reducer<State, Event>,
        feedbacks: [Feedback<State, Event>] = [],
        exhaustivity: Exhaustivity = .on,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let storage = LockedState(Storage(state: initial, exhaustivity: exhaustivity))
        self.storage = storage
        self.reducer = reducer
        location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        names = feedbacks.enumerated().map { index, feedback in feedback.name ?? "feedback #\(index)" }
        inputs = feedbacks.map { _ in PassthroughSubject<State, Never>() }
        observations = CompositeDisposable()
        for (index, feedback) in feedbacks.enumerated() {
            observations += feedback.effects(inputs[index].toSignal()).observe { event in
                guard case .next(let event) = event else { return }
                storage.withLock { $0.received.append(Received(event: event, source: index)) }
            }
        }
        deliver(initial)
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
    ///   - exhaustivity: How strictly the loop is checked; ``Exhaustivity/on`` by default.
    ///   - fileID: The caller's `#fileID`: where an issue found at deinit is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public convenience init(
        initial: State,
        reduce: @escaping @Sendable (State, Event) -> State,
        feedbacks: [Feedback<State, Event>] = [],
        exhaustivity: Exhaustivity = .on,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            initial: initial, reducer: Reducer(reduce), feedbacks: feedbacks, exhaustivity: exhaustivity,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    deinit {
        let (pending, isFinished, exhaustivity) = storage.withLock { ($0.received, $0.isFinished, $0.exhaustivity) }
        observations.dispose()
        if !isFinished, exhaustivity == .on, !pending.isEmpty {
            Issue.record(
                Comment(rawValue: "TestLoop deallocated with \(unasserted(pending)); "
                    + "assert them with receive(_:assert:), or call skipReceivedEvents()"),
                sourceLocation: location
            )
        }
    }

    /// The current state of the loop.
    public var state: State {
        storage.withLock { $0.state }
    }

    /// The events the feedbacks sent that are not asserted (nor reduced) yet, oldest first.
    public var receivedEvents: [Event] {
        storage.withLock { $0.received.map(\.event) }
    }

    /// How strictly the loop is checked; it may be changed between steps.
    public var exhaustivity: Exhaustivity {
        get { storage.withLock { $0.exhaustivity } }
        set { storage.withLock { $0.exhaustivity = newValue } }
    }

    /// Sends an event, as a UI or other input would, and asserts the state it produces.
    ///
    /// ```swift
    /// loop.send(.increment) { $0.count = 1 }
    /// loop.send(.noop)                       // the state must not change
    /// ```
    ///
    /// The event is reduced, the new state is checked, then delivered to the feedbacks (whose
    /// events are queued as received). With ``Exhaustivity/on``, sending while received events
    /// are unasserted is a failure (the event is sent anyway).
    ///
    /// - Parameters:
    ///   - event: The event to reduce.
    ///   - assert: Turns the state before the event into the state expected after it
    ///     (see ``Exhaustivity`` for `.off`); omit it when the state must not change.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public func send(
        _ event: Event,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let (pending, isFinished, exhaustivity) = storage.withLock { ($0.received, $0.isFinished, $0.exhaustivity) }
        if isFinished {
            Issue.record(Comment(rawValue: "send(\(event)) after finish(): the feedbacks are disposed"), sourceLocation: location)
            return
        }
        if !pending.isEmpty {
            switch exhaustivity {
            case .on:
                Issue.record(
                    Comment(rawValue: "Must assert \(unasserted(pending)) before sending \(event)"),
                    sourceLocation: location
                )
            case .off:
                reducePendingEvents(location: location)
            }
        }
        step(event, description: "send(\(event))", assert: assert, exhaustivity: exhaustivity, location: location)
    }

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
    /// so that the loop goes on as the real one would. With ``Exhaustivity/off``, the received
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
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Asserts that the oldest received event matches `predicate`, then reduces it, asserts the
    /// state it produces and delivers it to the feedbacks; for events whose payload the test does
    /// not want to spell out.
    ///
    /// ```swift
    /// loop.receive(where: { if case .response = $0 { true } else { false } }) {
    ///     $0 = .loadedPage(context: loaded)
    /// }
    /// ```
    ///
    /// Fails, and otherwise behaves, like ``receive(_:assert:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - predicate: Whether a received event is the expected one.
    ///   - assert: Turns the state before the event into the state expected after it
    ///     (see ``Exhaustivity`` for `.off`); omit it when the state must not change.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public func receive(
        where predicate: (Event) -> Bool,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        receiveEvent(
            matching: predicate,
            expectation: "an event matching the predicate",
            assert: assert,
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private func receiveEvent(
        matching predicate: (Event) -> Bool,
        expectation: String,
        assert: ((inout State) -> Void)?,
        location: SourceLocation
    ) {
        let (pending, isFinished, exhaustivity) = storage.withLock { ($0.received, $0.isFinished, $0.exhaustivity) }
        if isFinished {
            Issue.record(
                Comment(rawValue: "Receiving \(expectation) after finish(): the feedbacks are disposed"),
                sourceLocation: location
            )
            return
        }
        guard let first = pending.first else {
            Issue.record(
                Comment(rawValue: "Expected to receive \(expectation), but the feedbacks sent no event. "
                    + "(Did the test advance the TestScheduler its effects run on?)"),
                sourceLocation: location
            )
            return
        }
        switch exhaustivity {
        case .on:
            guard predicate(first.event) else {
                _ = popReceived()
                Issue.record(
                    Comment(rawValue: "Expected to receive \(expectation), but \(names[first.source]) sent "
                        + "\(first.event) (reduced unchecked)"),
                    sourceLocation: location
                )
                apply(first.event)
                return
            }
        case .off:
            guard let index = pending.firstIndex(where: { predicate($0.event) }) else {
                Issue.record(
                    Comment(rawValue: "Expected to receive \(expectation), but it is not among \(unasserted(pending))"),
                    sourceLocation: location
                )
                return
            }
            for _ in 0..<index {
                if let skipped = popReceived() { apply(skipped.event) }
            }
        }
        guard let received = popReceived() else { return }
        step(
            received.event, description: "receive(\(received.event))", assert: assert,
            exhaustivity: exhaustivity, location: location
        )
    }

    /// Reduces, unchecked and in order, the events received so far, delivering each new state to
    /// the feedbacks; events those states make the feedbacks send stay received.
    ///
    /// ```swift
    /// loop.skipReceivedEvents()    // the analytics feedback's events are not under test
    /// ```
    public func skipReceivedEvents() {
        let count = storage.withLock { $0.received.count }
        for _ in 0..<count {
            if let next = popReceived() { apply(next.event) }
        }
    }

    /// Ends the test: fails if received events are unasserted (with ``Exhaustivity/on``), then
    /// disposes the feedbacks and their effects. Later sends and receives fail.
    ///
    /// ```swift
    /// loop.finish()
    /// loop.finish(scheduler: scheduler)    // also: no effect still has work scheduled
    /// ```
    ///
    /// With `scheduler` (and ``Exhaustivity/on``), it also fails when actions are still
    /// scheduled on it: an effect is still running (a request in flight, a timer), whose events
    /// the test has not seen (TCA's "an effect is still running"). Advance the scheduler and
    /// receive their events, or end them by changing the state, before finishing.
    ///
    /// - Parameters:
    ///   - scheduler: The virtual-time scheduler the effects run on, to check that none is still
    ///     running; `nil` (the default) skips the check.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public func finish(
        scheduler: TestScheduler? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let (pending, exhaustivity) = storage.withLock { storage in
            storage.isFinished = true
            return (storage.received, storage.exhaustivity)
        }
        let scheduled = scheduler?.pendingCount ?? 0
        observations.dispose()
        guard exhaustivity == .on else { return }
        if !pending.isEmpty {
            Issue.record(
                Comment(rawValue: "finish() with \(unasserted(pending)); assert them with receive(_:assert:), "
                    + "or call skipReceivedEvents()"),
                sourceLocation: location
            )
        }
        if scheduled > 0 {
            Issue.record(
                Comment(rawValue: "finish() while \(scheduled) action\(scheduled == 1 ? " is" : "s are") still "
                    + "scheduled on the TestScheduler: an effect is still running. Advance the scheduler and "
                    + "receive its events, or end it by changing the state"),
                sourceLocation: location
            )
        }
    }

    // MARK: - Stepping

    /// Reduces `event`, checks the state, delivers it.
    private func step(
        _ event: Event,
        description: String,
        assert: ((inout State) -> Void)?,
        exhaustivity: Exhaustivity,
        location: SourceLocation
    ) {
        let (before, after) = reduce(event)
        var expected = exhaustivity == .on ? before : after
        assert?(&expected)
        if expected != after {
            let what = exhaustivity == .on ? "" : " in what the assertion sets"
            Issue.record(
                Comment(rawValue: "State after \(description) differs from the expectation\(what) "
                    + "(− expected, + actual):\n" + StateDiff.diff(expected: expected, actual: after)),
                sourceLocation: location
            )
        }
        deliver(after)
    }

    /// Reduces `event` and delivers the new state, unchecked.
    private func apply(_ event: Event) {
        deliver(reduce(event).after)
    }

    /// Runs the reducer outside the lock (it is user code).
    private func reduce(_ event: Event) -> (before: State, after: State) {
        let before = storage.withLock { $0.state }
        var after = before
        do throws(StoreError) {
            try reducer.reduce(&after, event)
        } catch {
            // The real loop drops a refused event (and reports it to its diagnostics).
            Issue.record(Comment(rawValue: "The reducer refused \(event): \(error)"))
            return (before, before)
        }
        storage.withLock { $0.state = after }
        return (before, after)
    }

    private func deliver(_ state: State) {
        for input in inputs { input.send(state) }
    }

    private func popReceived() -> Received? {
        storage.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
    }

    /// Reduces received events, and those their states make the feedbacks send at once, until
    /// none is left (``Exhaustivity/off`` before a send).
    private func reducePendingEvents(location: SourceLocation) {
        var count = 0
        while let next = popReceived() {
            count += 1
            if count > Self.synchronousLimit {
                Issue.record(
                    Comment(rawValue: "The feedbacks sent more than \(Self.synchronousLimit) events in a row "
                        + "without the loop becoming idle; a feedback may be missing a stop condition"),
                    sourceLocation: location
                )
                return
            }
            apply(next.event)
        }
    }

    private static var synchronousLimit: Int { 10_000 }

    private func unasserted(_ pending: [Received]) -> String {
        let list = pending.map { "\($0.event) (from \(names[$0.source]))" }.joined(separator: ", ")
        return "\(pending.count) received event\(pending.count == 1 ? "" : "s") not asserted: \(list)"
    }
}
