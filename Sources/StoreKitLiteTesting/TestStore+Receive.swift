import StoreKitLite
import StreamCore
import StreamCoreTesting
import HarnessReporting

extension TestStore {
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
    /// Exhaustive, the oldest unasserted action must match; when it does not, that is a failure
    /// and the action is reduced unchecked, so that the store goes on as the real one would
    /// (as `TestLoop` does). Not exhaustive, the oldest matching one is taken and the ones before
    /// it are skipped.
    ///
    /// - Parameters:
    ///   - predicate: Whether an action is the one expected.
    ///   - timeout: How long to wait for a matching action (effects on other threads). Zero (the
    ///     default) checks at once and never waits: use it after advancing a virtual-time
    ///     scheduler.
    ///   - assert: Turns the state before the action into the state expected after it
    ///     (exhaustive), or sets the fields to check on the state after it (not exhaustive).
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: Outside Swift Testing only, ``TestStoreFailure`` when no action arrives in time,
    ///   the oldest one does not match, or the state differs from the expectation; under Swift
    ///   Testing these are recorded as issues at the call's line.
    public func receive(
        where predicate: (Action) -> Bool,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try receive(matching: predicate, describedAs: Self.matchingPredicate, timeout: timeout, assert: assert, at: location)
    }

    /// Asserts that an effect fed back an action matching a predicate, waiting without blocking
    /// a thread; otherwise as the synchronous `receive(where:timeout:assert:fileID:filePath:line:column:)`.
    ///
    /// ```swift
    /// try await store.receive(where: { if case .loaded = $0 { true } else { false } }, timeout: .seconds(5))
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether an action is the one expected.
    ///   - timeout: How long to wait for a matching action; zero (the default) checks at once.
    ///   - assert: As in the synchronous form.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as the synchronous form.
    public func receive(
        where predicate: (Action) -> Bool,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try await receive(
            matching: predicate, describedAs: Self.matchingPredicate, timeout: timeout, assert: assert, at: location
        )
    }

    static var matchingPredicate: String { "an action matching the predicate" }

    /// `receive`, with the expectation described for failure messages.
    func receive(
        matching predicate: (Action) -> Bool,
        describedAs expected: String,
        timeout: Duration,
        assert: ((inout State) -> Void)?,
        at location: HarnessLocation
    ) throws(TestStoreFailure) {
        let taken = waitSync(timeout: timeout) { takeReceived(matching: predicate) }
        let concluded = try conclude(taken, expected: expected, predicate: predicate, assert: assert, at: location)
        guard let (action, before, checked) = concluded else { return }
        let outcome = reduceNow(action)
        guard checked else { return }
        try check("receive(\(action))", before: before, outcome: outcome, exhaustivity: .on, assert: assert, at: location)
    }

    /// The asynchronous `receive`, with the expectation described for failure messages.
    func receive(
        matching predicate: (Action) -> Bool,
        describedAs expected: String,
        timeout: Duration,
        assert: ((inout State) -> Void)?,
        at location: HarnessLocation
    ) async throws(TestStoreFailure) {
        let taken = await waitAsync(timeout: timeout) { takeReceived(matching: predicate) }
        let concluded = try conclude(taken, expected: expected, predicate: predicate, assert: assert, at: location)
        guard let (action, before, checked) = concluded else { return }
        let outcome = await reduceSoon(action)
        guard checked else { return }
        try check("receive(\(action))", before: before, outcome: outcome, exhaustivity: .on, assert: assert, at: location)
    }

    /// What `receive` found, once it can conclude.
    enum Taken {
        /// Exhaustive: the oldest held-back action (it matches or not).
        case held(Action)
        /// Not exhaustive: the oldest matching reduced action and the state after it.
        case reduced(Action, State)
    }

    /// Takes the action `receive` asserts, or `nil` while none is there yet.
    func takeReceived(matching predicate: (Action) -> Bool) -> Taken? {
        let (exhaustivity, first, reduced): (Exhaustivity, Action?, [(action: Action, state: State)]) = gate.withLock {
            gate in
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
    /// action to reduce, with the state before it and whether to check the state after it.
    func conclude(
        _ taken: Taken?,
        expected: String,
        predicate: (Action) -> Bool,
        assert: ((inout State) -> Void)?,
        at location: HarnessLocation
    ) throws(TestStoreFailure) -> (action: Action, before: State, checked: Bool)? {
        try reportDependencyIssues(at: location)
        switch taken {
        case nil:
            try fail(
                .noActionReceived,
                "Expected to receive \(expected), but no action was fed back "
                    + "(did the test advance the scheduler its effects run on?)",
                at: location
            )
            return nil
        case .reduced(let action, let state):
            try checkState("receive(\(action))", before: state, actual: state, exhaustivity: .off, assert: assert, at: location)
            return nil
        case .held(let action):
            guard predicate(action) else {
                try fail(.unexpectedAction, "Expected to receive \(expected), received \(action)", at: location)
                return (action, store.state, false)  // reduced unchecked, as the real store would have
            }
            return (action, store.state, true)
        }
    }
}
