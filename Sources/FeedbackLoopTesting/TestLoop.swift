public import FeedbackLoop
import StreamCore
public import StreamCoreTesting
import HarnessReporting

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
/// **Failures** are recorded as Swift Testing issues at the line of the failing `send`, `receive`
/// or `finish`, with only the fields of the state that differ (`−` expected, `+` actual); a test
/// expecting one wraps the call in `withKnownIssue`. A test loop deallocated with unasserted
/// received events records an issue at the place it was created. StoreKitLiteTesting's
/// `TestStore` reports the same way, with the same ``Exhaustivity``.
///
/// **Dependencies.** The reducer and the feedbacks run with test values (StreamCore's
/// `DependencyValues` in the test context), overridden with `withDependencies:`; reading a key
/// that has no test value is a recorded failure naming it, as in `TestStore`.
///
/// **Values that are not `Equatable`.** Give ``init(initial:reducer:feedbacks:exhaustivity:isEqual:withDependencies:fileID:filePath:line:column:)``
/// the equivalence of states to check, and match events with
/// ``receive(where:assert:fileID:filePath:line:column:)``.
///
/// Use it from one test thread; feedbacks may send their events from any thread.
public final class TestLoop<State: Sendable, Event: Sendable>: Sendable {
    struct Received {
        let event: Event
        let source: Int
    }

    struct Storage {
        var state: State
        var received: [Received] = []
        var exhaustivity: Exhaustivity
        var isFinished = false
    }

    let storage: LockedState<Storage>
    let reducer: Reducer<State, Event>
    let isEqual: @Sendable (State, State) -> Bool
    let inputs: [PassthroughSubject<State, Never>]
    let names: [String]
    let observations: CompositeDisposable
    let creation: HarnessLocation
    /// The dependencies the reducer and the feedbacks run with (test values).
    let dependencies: HarnessDependencies

    /// Creates a test loop that compares states with a function of your choice — for states
    /// that are not `Equatable`, or to compare only part of them — subscribes the feedbacks and
    /// delivers `initial` to them.
    ///
    /// ```swift
    /// let loop = TestLoop(
    ///     initial: Player(),                       // not Equatable: holds a closure
    ///     reducer: player,
    ///     isEqual: { $0.position == $1.position }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - reducer: The reducer under test.
    ///   - feedbacks: The feedbacks under test, subscribed in this order.
    ///   - exhaustivity: How strictly the loop is checked; `.on` by default.
    ///   - isEqual: Whether two states count as equal in assertions.
    ///   - prepareDependencies: Overrides dependencies for the reducer and the feedbacks (as
    ///     `TestStore`'s `withDependencies:`); the loop runs in the test context.
    ///   - fileID: The caller's `#fileID`: where an issue found at deinit is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public init(
        initial: State,
        reducer: Reducer<State, Event>,
        feedbacks: [Feedback<State, Event>] = [],
        exhaustivity: Exhaustivity = .on,
        isEqual: @escaping @Sendable (State, State) -> Bool,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let storage = LockedState(Storage(state: initial, exhaustivity: exhaustivity))
        self.storage = storage
        self.reducer = reducer
        self.isEqual = isEqual
        creation = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        names = feedbacks.enumerated().map { index, feedback in feedback.name ?? "feedback #\(index)" }
        inputs = feedbacks.map { _ in PassthroughSubject<State, Never>() }
        observations = CompositeDisposable()
        dependencies = HarnessDependencies(prepareDependencies, creation: creation)
        dependencies.scope.install {
            for (index, feedback) in feedbacks.enumerated() {
                observations += feedback.effects(inputs[index].toSignal()).observe { event in
                    guard case .next(let event) = event else { return }
                    storage.withLock { $0.received.append(Received(event: event, source: index)) }
                }
            }
        }
        deliver(initial)
    }

    deinit {
        let (pending, isFinished, exhaustivity) = storage.withLock { ($0.received, $0.isFinished, $0.exhaustivity) }
        observations.dispose()
        for issue in dependencies.takeIssues() { recordHarnessIssue(issue.description, at: creation) }
        if !isFinished, exhaustivity == .on, !pending.isEmpty {
            recordHarnessIssue(
                "TestLoop deallocated with \(unasserted(pending)); "
                    + "assert them with receive(_:assert:), or call skipReceived()",
                at: creation
            )
        }
    }

    /// The current state of the loop.
    public var state: State {
        storage.withLock { $0.state }
    }

    /// The events the feedbacks sent that are not asserted (nor reduced) yet, oldest first
    /// (`TestStore` has the same property).
    public var unasserted: [Event] {
        storage.withLock { $0.received.map(\.event) }
    }

    /// How strictly the loop is checked; it may be changed between steps.
    public var exhaustivity: Exhaustivity {
        get { storage.withLock { $0.exhaustivity } }
        set { storage.withLock { $0.exhaustivity = newValue } }
    }
}
