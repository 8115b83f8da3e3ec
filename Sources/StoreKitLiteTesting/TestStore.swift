import Dispatch
public import StoreKitLite
import StreamCore
public import StreamCoreTesting
import HarnessReporting

/// A store for tests, in the spirit of TCA's `TestStore`: send an action and assert the exact
/// state change, assert each action that effects feed back, and fail on actions left unasserted
/// and effects left running — even if the test forgets to call `finish(timeout:)`.
///
/// ```swift
/// @Test func loadingFeedsBackTheResult() throws {
///     let scheduler = TestScheduler()
///     let store = TestStore(initialState: AppState(), reducer: app)
///     store.store.attach(effect: loadOnRequest(on: scheduler))   // a feedback on virtual time
///     try store.send(.load) { $0.isLoading = true }
///     scheduler.advance(by: .seconds(1))                         // the effect feeds back now
///     try store.receive(.loaded(["a"])) {                         // timeout zero: no real wait
///         $0.isLoading = false
///         $0.items = ["a"]
///     }
///     store.skipInFlightEffects()                                 // the feedback runs forever
///     try store.finish()                                          // nothing left unasserted
/// }
/// ```
///
/// ### Exhaustivity
///
/// With ``exhaustivity`` `.on` (the default), actions that reach the store other
/// than through `send(_:assert:)` (fed back by effects, action creators or middleware) are
/// held back, not reduced, until the test asserts them with `receive(_:timeout:assert:)` or
/// `receive(where:timeout:assert:)`, which then reduces them; so every state change is
/// asserted one action at a time, and an assertion closure turns the state before the action
/// into the complete expected state after it. When the test store goes away with actions
/// unasserted or effects running, it records a test issue at the line that created it (Swift
/// Testing's `Issue.record`), unless `finish(timeout:)` already checked that.
///
/// With `.off`, actions fed back are reduced at once, like in a plain store, and
/// recorded; `receive(where:timeout:assert:)` looks for the first recorded action that matches,
/// skipping the ones before it; an assertion closure receives the *actual* state after the
/// action and only what it changes is compared (so assign absolute values: `$0.count = 2`, not
/// `$0.count += 1`); `send(_:assert:)` skips the unasserted actions; nothing left over fails.
///
/// ### Waiting and virtual time
///
/// `send` steps the reducer itself: when the store is idle (always, in an exhaustive test on
/// virtual time, since actions fed back are held at the gate), the action runs through the
/// middleware and the reducer on the test's thread before `send` returns, and the state
/// checked is the one that action produced — no waiting, no polling. When an effect on another
/// thread holds the store at that moment, `send` waits for exactly that action's outcome.
///
/// `receive(_:timeout:assert:)` waits up to its timeout for an action to be fed back from
/// another thread, and `finish(timeout:)` for the effects to end: each is woken by the arrival
/// or the effect's end, never by polling, and a cancelled task stops waiting at once. With a virtual-time scheduler (StreamCoreTesting's
/// `TestScheduler`), advance the scheduler first — the effect feeds back synchronously — and
/// receive with the default timeout of zero, which checks at once and never waits in real
/// time. From `async` tests, `await` the asynchronous overloads of `send(_:assert:)`, `receive`
/// and `finish`: they wait without blocking a thread.
///
/// ### States and actions that are not `Equatable`
///
/// The test store needs no `Equatable` conformance: give
/// ``init(initialState:reducer:middleware:exhaustivity:isEqual:withDependencies:fileID:filePath:line:column:)``
/// the equivalence of states to check (all fields, or only some key paths), and match actions
/// with `receive(where:timeout:assert:)`. With `Equatable` states and actions, the
/// convenience initializer and `receive(_:timeout:assert:)` use `==`.
///
/// ### Failures
///
/// In a Swift Testing test, a failed assertion records an issue at the line of the failing
/// `send`, `receive` or `finish` (its `#fileID`, `#filePath`, `#line` and `#column`), with only
/// the fields of the state that differ (`−` expected, `+` actual), and the test goes on —
/// as FeedbackLoopTesting's `TestLoop` and TCA's `TestStore` do; a test expecting a failure
/// wraps the call in `withKnownIssue`. Elsewhere (XCTest, a plain executable) the assertion
/// throws a ``TestStoreFailure`` whose description starts with that line.
///
/// ```
/// Tests/AppTests/SearchTests.swift:12:9: State after send(search("a")) differs (− expected, + actual):
/// − isLoading: false
/// + isLoading: true
/// ```
///
/// Use a test store from one test thread or task; effects may run on other threads.
public final class TestStore<State: Sendable, Action: Sendable>: Sendable {
    struct Gate {
        var exhaustivity: Exhaustivity
        /// Exhaustive: actions fed back, held back (not reduced) until asserted.
        var held: [Action] = []
        /// Not exhaustive: actions fed back and reduced, with the state after each, unasserted.
        var reduced: [(action: Action, state: State)] = []
        /// The gate passed the action now going through the chain (it was fed back).
        var gatePassed = false
        /// The action now going through the chain is the test's (sent or received).
        var currentIsTest = false
        /// `finish` checked the store and nothing happened since: `deinit` has nothing to add.
        var checkedByFinish = false
        /// The threads inside a synchronous test `send` or `receive` (to tell a re-entrant one).
        var reducingThreads: [UInt] = []
    }

    /// What became of a test action: its outcome, or why there is none.
    enum ReductionOutcome {
        /// The store ran it.
        case reduced(Result<State, StoreError>)
        /// Sent on the thread running the store's current action: queued behind it.
        case reentrant
        /// Not run within ``busyStoreTimeout``, or the waiting task was cancelled.
        case timedOut
    }

    /// The store under test; attach effects to it.
    public let store: Store<State, Action>
    let gate: LockedState<Gate>
    /// Signalled whenever an action is fed back (held back, or reduced and recorded) and whenever
    /// effects end; waiting `receive`s and `finish`es re-check then, and only then.
    let changes = ChangeSignal()
    private let observation: any Disposable
    let isEqual: @Sendable (State, State) -> Bool
    let creation: HarnessLocation
    /// The store's dependencies (test values), and the issues of reads to report.
    let dependencies: HarnessDependencies

    /// How long `send` waits for its action when an effect on another thread holds the store:
    /// a bound for a failure (a deadlocked effect), never reached by a passing test.
    static var busyStoreTimeout: Duration { .seconds(60) }

    /// Creates a test store that compares states with a function of your choice — for states
    /// that are not `Equatable`, or to compare only part of them.
    ///
    /// ```swift
    /// let store = TestStore(
    ///     initialState: Player(),                  // not Equatable: holds a closure
    ///     reducer: player,
    ///     isEqual: { $0.position == $1.position && $0.volume == $1.volume }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer under test.
    ///   - middleware: Interceptors, after the test store's own gate.
    ///   - exhaustivity: How strictly the test is checked; `.on` by default.
    ///   - isEqual: Whether two states count as equal in assertions.
    ///   - prepareDependencies: Overrides dependencies for the store (TCA's `withDependencies:`);
    ///     the store runs in the test context (StreamCore's `DependencyValues` test values), and a read of a
    ///     key with no test value is a test failure naming it.
    ///   - fileID: The creation site's file, where `deinit` reports leftovers (the caller's).
    ///   - filePath: The creation site's file path (the caller's).
    ///   - line: The creation site's line (the caller's).
    ///   - column: The creation site's column (the caller's).
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        exhaustivity: Exhaustivity = .on,
        isEqual: @escaping @Sendable (State, State) -> Bool,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let gate = LockedState(Gate(exhaustivity: exhaustivity))
        let changes = self.changes
        // First in the chain: holds back (exhaustive) or passes (not exhaustive) every action
        // that did not come from the test. The test's own actions start after it.
        let holdBack = Middleware<State, Action> { action, _ in
            let passes: Bool = gate.withLock { gate in
                gate.checkedByFinish = false
                if gate.exhaustivity == .off {
                    gate.gatePassed = true
                    return true
                }
                gate.held.append(action)
                return false
            }
            if !passes { changes.signal() }
            return passes ? action : nil
        }
        // Second: tells the test's actions (which skipped the gate) from the ones it passed.
        // Actions run through the chain one at a time, so the flag is exact for the update that
        // follows (if no later middleware drops the action).
        let marker = Middleware<State, Action> { action, _ in
            gate.withLock { gate in
                gate.currentIsTest = !gate.gatePassed
                gate.gatePassed = false
            }
            return action
        }
        self.gate = gate
        self.isEqual = isEqual
        creation = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let dependencies = HarnessDependencies(prepareDependencies, creation: creation)
        self.dependencies = dependencies
        let store = dependencies.scope.install {
            Store(initialState: initialState, reducer: reducer, middleware: [holdBack, marker] + middleware)
        }
        self.store = store
        store.observeEffectEnds { changes.signal() }
        // Not exhaustive: records each action fed back with the state right after it.
        observation = store.rawUpdates.observe(with: { event in
            guard case .next(let update) = event, let action = update.lastAction else { return }
            let recorded: Bool = gate.withLock { gate in
                if gate.currentIsTest {
                    gate.currentIsTest = false
                    return false
                }
                guard gate.exhaustivity == .off else { return false }
                gate.reduced.append((action, update.state))
                return true
            }
            if recorded { changes.signal() }
        })
    }

    deinit {
        observation.dispose()
        for issue in dependencies.takeIssues() { recordHarnessIssue(issue.description, at: creation) }
        let (exhaustivity, checked, pending) = gate.withLock { gate in
            (gate.exhaustivity, gate.checkedByFinish, gate.held)
        }
        guard exhaustivity == .on, !checked else { return }
        var problems: [String] = []
        if !pending.isEmpty {
            problems.append("\(pending.count) action(s) fed back but never asserted: \(Self.describe(pending))")
        }
        let running = store.runningEffectCount
        if running > 0 {
            problems.append(
                "\(running) effect(s) still in flight (cancel long-lived ones, such as attached feedbacks, with skipInFlightEffects())"
            )
        }
        guard !problems.isEmpty else { return }
        recordHarnessIssue("TestStore ended with unfinished work: " + problems.joined(separator: "; "), at: creation)
    }

    /// How strictly the test is checked; settable at any time.
    ///
    /// Turning it `.off` reduces the actions held back so far, in order (they
    /// become unasserted actions `receive` may skip); turning it `.on` forgets the
    /// unasserted actions recorded while it was off.
    public var exhaustivity: Exhaustivity {
        get { gate.withLock { $0.exhaustivity } }
        set {
            let released: [Action] = gate.withLock { gate in
                gate.exhaustivity = newValue
                switch newValue {
                case .off:
                    defer { gate.held = [] }
                    return gate.held
                case .on:
                    gate.reduced = []
                    return []
                }
            }
            // Back through the gate, which now passes them: reduced and recorded in order.
            for action in released { store.dispatch(action) }
        }
    }

    /// The current state.
    public var state: State { store.state }

    /// The actions fed back and not asserted yet, oldest first (held back when exhaustive,
    /// already reduced when not); `TestLoop` has the same property.
    public var unasserted: [Action] {
        gate.withLock { gate in gate.exhaustivity == .on ? gate.held : gate.reduced.map(\.action) }
    }

    /// Actions as `[a, b]`, each described as in an interpolation (no module-qualified names).
    static func describe(_ actions: [Action]) -> String {
        "[" + actions.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
