import Dispatch
import StoreKitLite
import StreamCore
import StreamCoreTesting
import HarnessReporting

extension TestStore {
    /// Sends an action and asserts the state it produces.
    ///
    /// ```swift
    /// try store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// The action runs through the middleware and the reducer on this thread before `send`
    /// returns (when an effect on another thread holds the store, `send` waits for exactly this
    /// action's outcome). With `.on`, sending while actions fed back are
    /// unasserted is a failure (the action is sent anyway).
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - assert: Exhaustive: turns the state before the action into the state expected after
    ///     it; omit it when the action must not change the state. Not exhaustive: sets the
    ///     fields to check on the actual state after the action.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: Outside Swift Testing only, ``TestStoreFailure`` when actions fed back earlier
    ///   are still unasserted (exhaustive only), or the state differs from the expectation;
    ///   under Swift Testing these are recorded as issues at the call's line.
    public func send(
        _ action: Action,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let exhaustivity = try prepareSend(action, at: location)
        let before = store.state
        let outcome = reduceNow(action)
        try check("send(\(action))", before: before, outcome: outcome, exhaustivity: exhaustivity, assert: assert, at: location)
    }

    /// Sends an action and asserts the state it produces, waiting without blocking a thread
    /// when an effect on another thread holds the store.
    ///
    /// ```swift
    /// try await store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - assert: As in the synchronous `send(_:assert:fileID:filePath:line:column:)`.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as the synchronous `send(_:assert:fileID:filePath:line:column:)`.
    public func send(
        _ action: Action,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let exhaustivity = try prepareSend(action, at: location)
        let before = store.state
        let outcome = await reduceSoon(action)
        try check("send(\(action))", before: before, outcome: outcome, exhaustivity: exhaustivity, assert: assert, at: location)
    }

    /// Checks that nothing is left unasserted before a send (exhaustive) or skips it (not
    /// exhaustive); returns the exhaustivity the send is checked with.
    func prepareSend(_ action: Action, at location: HarnessLocation) throws(TestStoreFailure) -> Exhaustivity {
        let (exhaustivity, pending): (Exhaustivity, [Action]) = gate.withLock { gate in
            gate.checkedByFinish = false
            if gate.exhaustivity == .off {
                gate.reduced = []
                return (.off, [])
            }
            return (.on, gate.held)
        }
        if !pending.isEmpty {
            try fail(
                .unassertedActions,
                "Must assert the actions fed back before sending \(action): \(Self.describe(pending))",
                at: location
            )
        }
        return exhaustivity
    }

    /// Runs a test action past the gate and returns its outcome: at once when the store is idle
    /// (it runs on this thread), else once the thread holding the store has run it; `nil` if
    /// that takes longer than ``busyStoreTimeout`` (a failure).
    func reduceNow(_ action: Action) -> ReductionOutcome {
        let result = LockedState<Result<State, StoreError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = ThreadIdentity.current
        let reentrant: Bool = gate.withLock { gate in
            gate.checkedByFinish = false
            if gate.reducingThreads.contains(thread) { return true }
            gate.reducingThreads.append(thread)
            return false
        }
        defer {
            if !reentrant {
                gate.withLock { gate in gate.reducingThreads.removeAll { $0 == thread } }
            }
        }
        store.enqueue(action, from: 1) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        if let ran = result.withLock({ $0 }) { return .reduced(ran) }
        // Queued behind the action this very thread is running (a send from the store's own
        // observer, middleware or effect): waiting would wait for ourselves. The action stays
        // queued and runs after the current one.
        if reentrant { return .reentrant }
        guard done.wait(timeout: .now() + Self.busyStoreTimeout.dispatchInterval) == .success else { return .timedOut }
        return result.withLock { $0 }.map(ReductionOutcome.reduced) ?? .timedOut
    }

    /// ``reduceNow(_:)`` for `async` callers: suspends instead of blocking while another thread
    /// holds the store, until the action's outcome arrives (no polling); ``busyStoreTimeout`` is
    /// the only timer, and a cancelled task stops waiting at once (`nil`; the action stays queued
    /// and runs when the store is free).
    func reduceSoon(_ action: Action) async -> ReductionOutcome {
        typealias Waiter = CheckedContinuation<Result<State, StoreError>?, Never>
        let slot = LockedState<Waiter?>(nil)
        let take: @Sendable () -> Waiter? = {
            slot.withLock { slot in
                defer { slot = nil }
                return slot
            }
        }
        gate.withLock { $0.checkedByFinish = false }
        var timer: Task<Void, Never>?
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                slot.withLock { $0 = continuation }
                store.enqueue(action, from: 1) { outcome in take()?.resume(returning: outcome) }
                // Run on this thread, it is resumed already. Queued behind another thread's
                // action: bound the wait (a failure, never reached by a passing test).
                guard slot.withLock({ $0 != nil }) else { return }
                if Task.isCancelled {
                    take()?.resume(returning: nil)
                    return
                }
                timer = Task {
                    guard (try? await Task.sleep(for: Self.busyStoreTimeout)) != nil else { return }
                    take()?.resume(returning: nil)
                }
            }
        } onCancel: {
            take()?.resume(returning: nil)
        }
        timer?.cancel()
        return outcome.map(ReductionOutcome.reduced) ?? .timedOut
    }

    /// Compares the state a test action produced with the expectation.
    func check(
        _ description: String,
        before: State,
        outcome: ReductionOutcome,
        exhaustivity: Exhaustivity,
        assert: ((inout State) -> Void)?,
        at location: HarnessLocation
    ) throws(TestStoreFailure) {
        try reportDependencyIssues(at: location)
        let actual: State
        switch outcome {
        case .reduced(.success(let state)):
            actual = state
        case .reduced(.failure(let error)) where error.isRefusal && exhaustivity == .on:
            try fail(
                .unexpectedRefusal,
                "\(description) was refused: \(error) (assert a refusal with send(_:refusedWith:))",
                at: location
            )
            try checkUnchangedByRefusal(description, before: before, at: location)
            return
        case .reduced(.failure(let error)) where error.isRefusal:
            try checkUnchangedByRefusal(description, before: before, at: location)
            actual = store.state
        case .reduced(.failure):
            // Dropped by a middleware after the gate, or the store is closed: the state the
            // action left.
            actual = store.state
        case .reentrant:
            try failReentrant(description, at: location)
            return
        case .timedOut:
            let why = Task.isCancelled ? "before the task was cancelled" : "within \(Self.busyStoreTimeout)"
            try fail(.actionNotReduced, "\(description) was not reduced \(why) (an effect held the store)", at: location)
            return
        }
        try checkState(description, before: before, actual: actual, exhaustivity: exhaustivity, assert: assert, at: location)
    }

    /// Reports a synchronous `send` made on the thread that is running the store's current
    /// action (from its observer, middleware or effect): it cannot wait for its own thread.
    func failReentrant(_ description: String, at location: HarnessLocation) throws(TestStoreFailure) {
        try fail(
            .reentrantSend,
            "\(description) was called on the thread running the store's current action (from the store's own "
                + "observer, middleware or effect); it is queued and runs after that action. Send from the test, "
                + "or dispatch from the observer (store.store.dispatch)",
            at: location
        )
    }

    /// Applies the assertion to the state before (exhaustive) or to the actual state (not
    /// exhaustive) and compares it with the actual state, reporting only the fields that differ.
    func checkState(
        _ description: String,
        before: State,
        actual: State,
        exhaustivity: Exhaustivity,
        assert: ((inout State) -> Void)?,
        at location: HarnessLocation
    ) throws(TestStoreFailure) {
        var expected = exhaustivity == .on ? before : actual
        assert?(&expected)
        guard !isEqual(expected, actual) else { return }
        let what = exhaustivity == .on ? "" : " in what the assertion sets"
        try fail(
            .stateMismatch,
            StateDiff.message("State after \(description) differs from the expectation\(what)", expected: expected, actual: actual),
            at: location
        )
    }

    /// Reports a failed assertion at the caller's line: a Swift Testing issue when running in a
    /// Swift Testing test (the test goes on), else a thrown ``TestStoreFailure``.
    func fail(_ kind: TestStoreFailure.Kind, _ message: String, at location: HarnessLocation) throws(TestStoreFailure) {
        if isRunningSwiftTestingTest {
            recordHarnessIssue(message, at: location)
            return
        }
        throw TestStoreFailure(kind, message, location: "\(location.fileID):\(location.line):\(location.column)")
    }
}
