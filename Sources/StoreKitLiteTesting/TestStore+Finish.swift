import StoreKitLite
import StreamCore
import StreamCoreTesting
import HarnessReporting

extension TestStore {
    /// Reduces, unchecked and in order, the actions fed back and not asserted yet (held back
    /// when exhaustive), and forgets them: the store's state is then the one the real store
    /// would have (`TestLoop` has the same method).
    ///
    /// ```swift
    /// store.skipReceived()    // the analytics middleware's actions are not under test
    /// ```
    public func skipReceived() {
        let held: [Action] = gate.withLock { gate in
            defer {
                gate.held = []
                gate.reduced = []
            }
            return gate.held
        }
        for action in held { _ = reduceNow(action) }
    }

    /// Cancels every effect still running — attached feedbacks, action creators, `run`
    /// effects — so that ending the test with them is not a failure (TCA's
    /// `skipInFlightEffects()`).
    public func skipInFlightEffects() {
        store.cancelAllEffects()
    }

    /// Asserts that every action fed back has been asserted and waits for the effects to end.
    ///
    /// ```swift
    /// try store.finish()
    /// ```
    ///
    /// Not exhaustive, it skips the unasserted actions, waits for the effects up to `timeout`
    /// and never fails.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for running effects to end; one second by default.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: Outside Swift Testing only, ``TestStoreFailure`` listing the unasserted
    ///   actions, or the effects still running after `timeout`; under Swift Testing these are
    ///   recorded as issues at the call's line.
    public func finish(
        timeout: Duration = .seconds(1),
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let outcome = waitSync(timeout: timeout) { finishedIfDone() }
        try conclude(finishing: outcome, timeout: timeout, at: location)
    }

    /// Asserts that every action fed back has been asserted and waits for the effects to end,
    /// without blocking a thread; otherwise as the synchronous `finish(timeout:fileID:filePath:line:column:)`.
    ///
    /// ```swift
    /// try await store.finish(timeout: .seconds(5))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for running effects to end; one second by default.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as the synchronous form.
    public func finish(
        timeout: Duration = .seconds(1),
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let outcome = await waitAsync(timeout: timeout) { finishedIfDone() }
        try conclude(finishing: outcome, timeout: timeout, at: location)
    }

    /// The leftovers `finish` reports.
    enum Leftovers {
        case clean
        case unasserted([Action])
    }

    /// `finish`'s verdict once it can conclude (effects ended, or an action is unasserted).
    func finishedIfDone() -> Leftovers? {
        let (exhaustivity, held) = gate.withLock { gate in (gate.exhaustivity, gate.held) }
        if exhaustivity == .on, !held.isEmpty { return .unasserted(held) }
        return store.runningEffectCount == 0 ? .clean : nil
    }

    func conclude(finishing outcome: Leftovers?, timeout: Duration, at location: HarnessLocation) throws(TestStoreFailure) {
        try reportDependencyIssues(at: location)
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
            try fail(
                .unassertedActions,
                "\(pending.count) action(s) fed back but not asserted: \(Self.describe(pending))",
                at: location
            )
        case nil:
            try fail(
                .effectsInFlight,
                "\(store.runningEffectCount) effect(s) still in flight after \(timeout) (cancel long-lived ones, "
                    + "such as attached feedbacks, with skipInFlightEffects())",
                at: location
            )
        }
    }
}
