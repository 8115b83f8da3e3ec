import Dispatch
public import StoreKitLite
import StreamCore

/// How strictly a ``TestStore`` checks a test (TCA's `Exhaustivity`).
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change, every action fed back and every effect must be accounted for: the
    /// assertion closures describe the whole change from the previous state, actions fed back are
    /// held back until `receive` asserts them in order, and the test fails (at `finish()` or,
    /// if the test forgets it, when the test store goes away) while actions are left
    /// unasserted or effects still run.
    case on
    /// Only what the test asserts is checked: actions fed back are reduced as they arrive, the
    /// assertion closures are applied to the actual new state and only the fields they set are
    /// compared, `receive` skips the actions fed back before the one it expects, and actions
    /// left unasserted or effects still running are not failures.
    case off
}

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
/// With ``exhaustivity`` ``Exhaustivity/on`` (the default), actions that reach the store other
/// than through `send(_:assert:)` (fed back by effects, action creators or middleware) are
/// held back, not reduced, until the test asserts them with `receive(_:timeout:assert:)` or
/// `receive(where:timeout:assert:)`, which then reduces them; so every state change is
/// asserted one action at a time, and an assertion closure turns the state before the action
/// into the complete expected state after it. When the test store goes away with actions
/// unasserted or effects running, it records a test issue at the line that created it (Swift
/// Testing's `Issue.record`), unless `finish(timeout:)` already checked that.
///
/// With ``Exhaustivity/off``, actions fed back are reduced at once, like in a plain store, and
/// recorded; `receive(where:timeout:assert:)` looks for the first recorded action that matches,
/// skipping the ones before it; an assertion closure receives the *actual* state after the
/// action and only what it changes is compared (so assign absolute values: `$0.count = 2`, not
/// `$0.count += 1`); `send(_:assert:)` skips the unasserted actions; nothing left over fails.
///
/// ### Waiting and virtual time
///
/// `receive(_:timeout:assert:)` waits up to its timeout for an action to be fed back from
/// another thread. With a virtual-time scheduler (StreamCoreTesting's `TestScheduler`), advance
/// the scheduler first — the effect feeds back synchronously — and receive with the default
/// timeout of zero, which checks at once and never waits in real time. From `async` tests,
/// `await` the asynchronous overloads of `send(_:assert:)`, `receive` and
/// `finish`: they wait without blocking a thread (polling with `Task.sleep`).
///
/// ### States and actions that are not `Equatable`
///
/// The test store needs no `Equatable` conformance: give
/// ``init(initialState:reducer:middleware:exhaustivity:isEqual:fileID:filePath:line:column:)``
/// the equivalence of states to check (all fields, or only some key paths), and match actions
/// with `receive(where:timeout:assert:)`. With `Equatable` states and actions, the
/// convenience initializer and `receive(_:timeout:assert:)` use `==`.
///
/// Each assertion throws a ``TestStoreFailure``, which fails the test. Use a test store from
/// one test thread or task; effects may run on other threads.
public final class TestStore<State: Sendable, Action: Sendable>: Sendable {
    /// Where the action being processed came from; set by the gate and the marker middleware.
    private enum TestAction {
        /// No test action in flight.
        case idle
        /// Sent, not yet seen by the marker.
        case sent
        /// Seen by the marker as its `serial`-th action; not published yet.
        case seen(serial: UInt64)
        /// Reduced; the state after it.
        case published(State)
    }

    private struct Gate {
        var exhaustivity: Exhaustivity
        /// Exhaustive: actions fed back, held back (not reduced) until asserted.
        var held: [Action] = []
        /// Not exhaustive: actions fed back and reduced, with the state after each, unasserted.
        var reduced: [(action: Action, state: State)] = []
        /// The gate passed the action now going through the chain (it was fed back).
        var gatePassed = false
        /// The action now going through the chain is the test's (sent or received).
        var currentIsTest = false
        /// How many actions passed the marker.
        var markerSerial: UInt64 = 0
        /// The progress of the action the test is reducing.
        var testAction = TestAction.idle
        /// `finish` checked the store and nothing happened since: `deinit` has nothing to add.
        var checkedByFinish = false
    }

    /// Where the test store was created, for the issue its `deinit` records.
    private struct CreationSite {
        let fileID: StaticString
        let filePath: StaticString
        let line: UInt
        let column: UInt
    }

    /// The result of a wait for the test action.
    private enum Reduction {
        case published(State)
        case dropped
    }

    /// The store under test; attach effects to it.
    public let store: Store<State, Action>
    private let gate: LockedState<Gate>
    /// Signalled whenever an action arrives or an update is published; waiters re-check.
    private let changed = DispatchSemaphore(value: 0)
    private let observation: any Disposable
    private let isEqual: @Sendable (State, State) -> Bool
    private let creation: CreationSite

    /// How long `send` waits for its action when the store is busy on another thread.
    private static var busyStoreTimeout: Duration { .seconds(20) }

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
    ///   - exhaustivity: How strictly the test is checked; ``Exhaustivity/on`` by default.
    ///   - isEqual: Whether two states count as equal in assertions.
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
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let gate = LockedState(Gate(exhaustivity: exhaustivity))
        let changed = self.changed
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
            changed.signal()
            return passes ? action : nil
        }
        // Second: tells the test's actions (which skipped the gate) from the ones it passed.
        // Actions run through the chain one at a time, so the flag is exact for the update that
        // follows (if no later middleware drops the action).
        let marker = Middleware<State, Action> { action, _ in
            gate.withLock { gate in
                gate.markerSerial &+= 1
                if gate.gatePassed {
                    gate.gatePassed = false
                    gate.currentIsTest = false
                } else {
                    gate.currentIsTest = true
                    if case .sent = gate.testAction { gate.testAction = .seen(serial: gate.markerSerial) }
                }
            }
            return action
        }
        self.gate = gate
        self.isEqual = isEqual
        creation = CreationSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let store = Store(initialState: initialState, reducer: reducer, middleware: [holdBack, marker] + middleware)
        self.store = store
        observation = store.rawUpdates.observe(with: { event in
            guard case .next(let update) = event, let action = update.lastAction else { return }
            let wake: Bool = gate.withLock { gate in
                if gate.currentIsTest {
                    gate.currentIsTest = false
                    if case .seen = gate.testAction { gate.testAction = .published(update.state) }
                    return true
                }
                if gate.exhaustivity == .off {
                    gate.reduced.append((action, update.state))
                    return true
                }
                return false
            }
            if wake { changed.signal() }
        })
    }

    deinit {
        observation.dispose()
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
        reportTestStoreIssue(
            "TestStore ended with unfinished work: " + problems.joined(separator: "; "),
            fileID: creation.fileID,
            filePath: creation.filePath,
            line: creation.line,
            column: creation.column
        )
    }

    /// How strictly the test is checked; settable at any time.
    ///
    /// Turning it ``Exhaustivity/off`` reduces the actions held back so far, in order (they
    /// become unasserted actions `receive` may skip); turning it ``Exhaustivity/on`` forgets the
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
    /// already reduced when not).
    public var unassertedActions: [Action] {
        gate.withLock { gate in gate.exhaustivity == .on ? gate.held : gate.reduced.map(\.action) }
    }

    // MARK: Sending

    /// Sends an action and asserts the state it produces.
    ///
    /// ```swift
    /// try store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - assert: Exhaustive: turns the state before the action into the state expected after
    ///     it; omit it when the action must not change the state. Not exhaustive: sets the
    ///     fields to check on the actual state after the action.
    /// - Throws: ``TestStoreFailure`` when actions fed back earlier are still unasserted
    ///   (exhaustive only), or the state differs from the expectation.
    public func send(_ action: Action, assert: ((inout State) -> Void)? = nil) throws(TestStoreFailure) {
        let exhaustivity = try prepareSend(action)
        let before = startReducing(action)
        let reduction = waitSync(timeout: Self.busyStoreTimeout) { reductionIfDone() }
        try check(action, before: before, reduction: reduction, exhaustivity: exhaustivity, assert: assert)
    }

    /// Sends an action and asserts the state it produces, waiting without blocking a thread
    /// when the store is busy on another thread.
    ///
    /// ```swift
    /// try await store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - assert: As in the synchronous `send(_:assert:)`.
    /// - Throws: ``TestStoreFailure``, as the synchronous `send(_:assert:)`.
    public func send(_ action: Action, assert: ((inout State) -> Void)? = nil) async throws(TestStoreFailure) {
        let exhaustivity = try prepareSend(action)
        let before = startReducing(action)
        let reduction = await waitAsync(timeout: Self.busyStoreTimeout) { reductionIfDone() }
        try check(action, before: before, reduction: reduction, exhaustivity: exhaustivity, assert: assert)
    }

    // MARK: Receiving

    /// Asserts that an effect fed back an action matching a predicate, then reduces it (when
    /// exhaustive) and asserts the state — for actions that are not `Equatable`, or to match a
    /// case whatever its payload.
    ///
    /// ```swift
    /// try store.receive(where: { if case .loaded = $0 { true } else { false } }) {
    ///     $0.isLoading = false
    /// }
    /// ```
    ///
    /// Exhaustive, the oldest unasserted action must match. Not exhaustive, the oldest matching
    /// one is taken and the ones before it are skipped.
    ///
    /// - Parameters:
    ///   - predicate: Whether an action is the one expected.
    ///   - timeout: How long to wait for a matching action (effects on other threads). Zero (the
    ///     default) checks at once and never waits: use it after advancing a virtual-time
    ///     scheduler.
    ///   - assert: Turns the state before the action into the state expected after it
    ///     (exhaustive), or sets the fields to check on the state after it (not exhaustive).
    /// - Throws: ``TestStoreFailure`` when no action arrives in time, the oldest one does not
    ///   match, or the state differs from the expectation.
    public func receive(
        where predicate: (Action) -> Bool,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil
    ) throws(TestStoreFailure) {
        try receive(matching: predicate, describedAs: Self.matchingPredicate, timeout: timeout, assert: assert)
    }

    /// Asserts that an effect fed back an action matching a predicate, waiting without blocking
    /// a thread; otherwise as the synchronous `receive(where:timeout:assert:)`.
    ///
    /// ```swift
    /// try await store.receive(where: { if case .loaded = $0 { true } else { false } }, timeout: .seconds(5))
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether an action is the one expected.
    ///   - timeout: How long to wait for a matching action; zero (the default) checks at once.
    ///   - assert: As in `receive(where:timeout:assert:)`.
    /// - Throws: ``TestStoreFailure``, as `receive(where:timeout:assert:)`.
    public func receive(
        where predicate: (Action) -> Bool,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil
    ) async throws(TestStoreFailure) {
        try await receive(matching: predicate, describedAs: Self.matchingPredicate, timeout: timeout, assert: assert)
    }

    private static var matchingPredicate: String { "an action matching the predicate" }

    /// `receive`, with the expectation described for failure messages.
    func receive(
        matching predicate: (Action) -> Bool,
        describedAs expected: String,
        timeout: Duration,
        assert: ((inout State) -> Void)?
    ) throws(TestStoreFailure) {
        let taken = waitSync(timeout: timeout) { takeReceived(matching: predicate) }
        guard let (action, before) = try conclude(taken, expected: expected, predicate: predicate, assert: assert) else {
            return
        }
        _ = startReducing(action)
        let reduction = waitSync(timeout: Self.busyStoreTimeout) { reductionIfDone() }
        try check(action, before: before, reduction: reduction, exhaustivity: .on, assert: assert)
    }

    /// The asynchronous `receive`, with the expectation described for failure messages.
    func receive(
        matching predicate: (Action) -> Bool,
        describedAs expected: String,
        timeout: Duration,
        assert: ((inout State) -> Void)?
    ) async throws(TestStoreFailure) {
        let taken = await waitAsync(timeout: timeout) { takeReceived(matching: predicate) }
        guard let (action, before) = try conclude(taken, expected: expected, predicate: predicate, assert: assert) else {
            return
        }
        _ = startReducing(action)
        let reduction = await waitAsync(timeout: Self.busyStoreTimeout) { reductionIfDone() }
        try check(action, before: before, reduction: reduction, exhaustivity: .on, assert: assert)
    }

    // MARK: Finishing

    /// Forgets the actions fed back and not asserted yet (held-back ones are not reduced).
    public func skipReceivedActions() {
        gate.withLock { gate in
            gate.held = []
            gate.reduced = []
        }
    }

    /// Cancels every effect still running — attached feedbacks, action creators, `run`
    /// effects — so that ending the test with them is not a failure (TCA's
    /// `skipInFlightEffects()`).
    public func skipInFlightEffects() {
        store.cancelAllEffects()
    }

    /// Asserts that every action fed back has been asserted and waits for the effects to end.
    ///
    /// Not exhaustive, it skips the unasserted actions, waits for the effects up to `timeout`
    /// and never fails.
    ///
    /// - Parameter timeout: How long to wait for running effects to end; one second by default.
    /// - Throws: ``TestStoreFailure`` listing the unasserted actions, or the effects still
    ///   running after `timeout`.
    public func finish(timeout: Duration = .seconds(1)) throws(TestStoreFailure) {
        let outcome = waitSync(timeout: timeout) { finishedIfDone() }
        try conclude(finishing: outcome, timeout: timeout)
    }

    /// Asserts that every action fed back has been asserted and waits for the effects to end,
    /// without blocking a thread; otherwise as the synchronous `finish(timeout:)`.
    ///
    /// ```swift
    /// try await store.finish(timeout: .seconds(5))
    /// ```
    ///
    /// - Parameter timeout: How long to wait for running effects to end; one second by default.
    /// - Throws: ``TestStoreFailure``, as `finish(timeout:)`.
    public func finish(timeout: Duration = .seconds(1)) async throws(TestStoreFailure) {
        let outcome = await waitAsync(timeout: timeout) { finishedIfDone() }
        try conclude(finishing: outcome, timeout: timeout)
    }

    // MARK: Steps shared by the synchronous and asynchronous forms

    /// Checks that nothing is left unasserted before a send (exhaustive) or skips it (not
    /// exhaustive); returns the exhaustivity the send is checked with.
    private func prepareSend(_ action: Action) throws(TestStoreFailure) -> Exhaustivity {
        let (exhaustivity, pending): (Exhaustivity, [Action]) = gate.withLock { gate in
            gate.checkedByFinish = false
            if gate.exhaustivity == .off {
                gate.reduced = []
                return (.off, [])
            }
            return (.on, gate.held)
        }
        if !pending.isEmpty {
            throw TestStoreFailure(
                .unassertedActions, "Must assert the actions fed back before sending \(action): \(Self.describe(pending))")
        }
        return exhaustivity
    }

    /// Dispatches a test action past the gate; returns the state before it.
    private func startReducing(_ action: Action) -> State {
        let before = store.state
        gate.withLock { gate in
            gate.checkedByFinish = false
            gate.testAction = .sent
        }
        store.enqueue(action, from: 1)
        return before
    }

    /// The outcome of the test action once it is known, `nil` while it is still pending.
    private func reductionIfDone() -> Reduction? {
        let status: TestAction = gate.withLock { gate in
            switch gate.testAction {
            case .published, .idle: return gate.testAction
            case .sent: return .sent
            case .seen(let serial):
                // A later action passed the marker: the test action ended without an update.
                return gate.markerSerial > serial ? .idle : gate.testAction
            }
        }
        switch status {
        case .published(let state): return .published(state)
        case .idle: return .dropped
        case .sent: return nil
        case .seen:
            // Seen by the marker, so the store processed it if it went idle since.
            if store.role.load(ordering: .acquiring) == Store<State, Action>.idle {
                return gate.withLock { gate in
                    if case .published(let state) = gate.testAction { return .published(state) }
                    return .dropped
                }
            }
            return nil
        }
    }

    /// Compares the state after a test action with the expectation.
    private func check(
        _ action: Action,
        before: State,
        reduction: Reduction?,
        exhaustivity: Exhaustivity,
        assert: ((inout State) -> Void)?
    ) throws(TestStoreFailure) {
        gate.withLock { $0.testAction = .idle }
        let actual: State
        switch reduction {
        case .published(let state): actual = state
        case .dropped:
            // A middleware after the gate dropped it: the state did not change.
            gate.withLock { $0.currentIsTest = false }
            actual = store.state
        case nil:
            throw TestStoreFailure(
                .actionNotReduced, "\(action) was not reduced within \(Self.busyStoreTimeout) (the store was busy)")
        }
        try checkState(after: action, before: before, actual: actual, exhaustivity: exhaustivity, assert: assert)
    }

    private func checkState(
        after action: Action,
        before: State,
        actual: State,
        exhaustivity: Exhaustivity,
        assert: ((inout State) -> Void)?
    ) throws(TestStoreFailure) {
        var expected = exhaustivity == .on ? before : actual
        assert?(&expected)
        if !isEqual(expected, actual) {
            throw TestStoreFailure(.stateMismatch, "State after \(action) differs.\nExpected: \(expected)\nActual:   \(actual)")
        }
    }

    /// What `receive` found, once it can conclude.
    private enum Taken {
        /// Exhaustive: the oldest held-back action (it matches or not).
        case held(Action)
        /// Not exhaustive: the oldest matching reduced action and the state after it.
        case reduced(Action, State)
    }

    /// Takes the action `receive` asserts, or `nil` while none is there yet.
    private func takeReceived(matching predicate: (Action) -> Bool) -> Taken? {
        let (exhaustivity, first, reduced): (Exhaustivity, Action?, [(action: Action, state: State)]) = gate.withLock { gate in
            guard gate.exhaustivity == .on else { return (.off, nil, gate.reduced) }
            gate.checkedByFinish = false
            return (.on, gate.held.isEmpty ? nil : gate.held.removeFirst(), [])
        }
        switch exhaustivity {
        case .on:
            return first.map(Taken.held)
        case .off:
            // The predicate is user code: run it outside the lock, on a copy.
            guard let index = reduced.firstIndex(where: { predicate($0.action) }) else { return nil }
            gate.withLock { gate in
                gate.reduced.removeFirst(min(index + 1, gate.reduced.count))
            }
            return .reduced(reduced[index].action, reduced[index].state)
        }
    }

    /// Concludes a `receive`: fails, finishes a non-exhaustive one, or returns the held-back
    /// action to reduce with the state before it.
    private func conclude(
        _ taken: Taken?,
        expected: String,
        predicate: (Action) -> Bool,
        assert: ((inout State) -> Void)?
    ) throws(TestStoreFailure) -> (action: Action, before: State)? {
        switch taken {
        case nil:
            throw TestStoreFailure(.noActionReceived, "Expected to receive \(expected), but no action was fed back")
        case .reduced(let action, let state):
            try checkState(after: action, before: state, actual: state, exhaustivity: .off, assert: assert)
            return nil
        case .held(let action):
            guard predicate(action) else {
                throw TestStoreFailure(.unexpectedAction, "Expected to receive \(expected), received \(action)")
            }
            return (action, store.state)
        }
    }

    /// The leftovers `finish` reports.
    private enum Leftovers {
        case clean
        case unasserted([Action])
    }

    /// `finish`'s verdict once it can conclude (effects ended, or an action is unasserted).
    private func finishedIfDone() -> Leftovers? {
        let (exhaustivity, held) = gate.withLock { gate in (gate.exhaustivity, gate.held) }
        if exhaustivity == .on, !held.isEmpty { return .unasserted(held) }
        return store.runningEffectCount == 0 ? .clean : nil
    }

    private func conclude(finishing outcome: Leftovers?, timeout: Duration) throws(TestStoreFailure) {
        let exhaustivity: Exhaustivity = gate.withLock { gate in
            gate.checkedByFinish = true
            if gate.exhaustivity == .off { gate.reduced = [] }
            return gate.exhaustivity
        }
        guard exhaustivity == .on else { return }
        switch outcome {
        case .clean?:
            return
        case .unasserted(let pending)?:
            throw TestStoreFailure(
                .unassertedActions, "\(pending.count) action(s) fed back but not asserted: \(Self.describe(pending))")
        case nil:
            throw TestStoreFailure(
                .effectsInFlight,
                "\(store.runningEffectCount) effect(s) still in flight after \(timeout) (cancel long-lived ones, such as attached feedbacks, with skipInFlightEffects())"
            )
        }
    }

    /// Actions as `[a, b]`, each described as in an interpolation (no module-qualified names).
    private static func describe(_ actions: [Action]) -> String {
        "[" + actions.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    // MARK: Waiting

    /// Re-checks `check` whenever something happens, until it returns a value or `timeout`
    /// passes (then `nil`); a zero timeout checks once. Blocks the calling thread.
    private func waitSync<R>(timeout: Duration, until check: () -> R?) -> R? {
        let deadline = DispatchTime.now() + timeout.dispatchInterval
        while true {
            if let result = check() { return result }
            let now = DispatchTime.now()
            if now >= deadline { return nil }
            // Effects ending do not signal: re-check every few milliseconds too.
            _ = changed.wait(timeout: min(deadline, now + .milliseconds(5)))
        }
    }

    /// Re-checks `check` with growing pauses (`Task.sleep`, no thread blocked) until it returns a
    /// value or `timeout` passes (then `nil`); a zero timeout checks once. A cancelled task
    /// checks one last time.
    private func waitAsync<R>(timeout: Duration, until check: () -> R?) async -> R? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: max(timeout, .zero))
        var pause = Duration.microseconds(100)
        while true {
            if let result = check() { return result }
            let now = clock.now
            if now >= deadline { return nil }
            do {
                try await Task.sleep(for: min(pause, deadline - now))
            } catch {
                return check()
            }
            pause = min(pause * 2, .milliseconds(5))
        }
    }
}

extension TestStore where State: Equatable {
    /// Creates a test store that compares states with `==`.
    ///
    /// ```swift
    /// let store = TestStore(initialState: 0, reducer: counter)
    /// try store.send(.increment) { $0 = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer under test.
    ///   - middleware: Interceptors, after the test store's own gate.
    ///   - exhaustivity: How strictly the test is checked; ``Exhaustivity/on`` by default.
    ///   - fileID: The creation site's file, where `deinit` reports leftovers (the caller's).
    ///   - filePath: The creation site's file path (the caller's).
    ///   - line: The creation site's line (the caller's).
    ///   - column: The creation site's column (the caller's).
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        exhaustivity: Exhaustivity = .on,
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
    /// - Throws: ``TestStoreFailure`` when no action arrives in time, the oldest one differs,
    ///   or the state differs from the expectation.
    public func receive(
        _ expected: Action,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil
    ) throws(TestStoreFailure) {
        try receive(matching: { $0 == expected }, describedAs: "\(expected)", timeout: timeout, assert: assert)
    }

    /// Asserts that an effect fed back an action, waiting without blocking a thread; otherwise
    /// as the synchronous `receive(_:timeout:assert:)`.
    ///
    /// ```swift
    /// try await store.receive(.loaded(["a"]), timeout: .seconds(5)) { $0.items = ["a"] }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The action expected.
    ///   - timeout: How long to wait for it; zero (the default) checks at once.
    ///   - assert: As in `receive(_:timeout:assert:)`.
    /// - Throws: ``TestStoreFailure``, as `receive(_:timeout:assert:)`.
    public func receive(
        _ expected: Action,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil
    ) async throws(TestStoreFailure) {
        try await receive(matching: { $0 == expected }, describedAs: "\(expected)", timeout: timeout, assert: assert)
    }
}

extension Duration {
    /// The duration as a dispatch interval (negative durations count as zero).
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        if seconds < 0 { return .nanoseconds(0) }
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if nanos.overflow || nanos.partialValue > Int64(Int.max) { return .seconds(Int.max / 1_000_000_000) }
        return .nanoseconds(Int(nanos.partialValue + attoseconds / 1_000_000_000))
    }
}
