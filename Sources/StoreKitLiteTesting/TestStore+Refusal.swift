import StoreKitLite
public import StreamCore
import HarnessReporting
import StreamCoreTesting

extension TestStore {
    /// Sends an action and asserts that the reducer refuses it with `expected`, leaving the state
    /// unchanged.
    ///
    /// ```swift
    /// try store.send(.withdraw(500), refusedWith: .rejected("insufficient funds"))
    /// ```
    ///
    /// In an exhaustive test, an action the reducer refuses through the plain
    /// `send(_:assert:fileID:filePath:line:column:)` is a failure (``TestStoreFailure/Kind/unexpectedRefusal``)
    /// that prints the error; assert expected refusals with this method.
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - expected: The refusal the reducer must throw (`StoreError.rejected(_:)` or
    ///     `StoreError.refused(_:)`).
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: Outside Swift Testing only, ``TestStoreFailure`` (``TestStoreFailure/Kind/refusalMismatch``)
    ///   when the action was not refused, or refused with another error, or the state changed;
    ///   under Swift Testing these are recorded as issues at the call's line.
    public func send(
        _ action: Action,
        refusedWith expected: StoreError,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let exhaustivity = try prepareSend(action, at: location)
        let before = store.state
        let outcome = reduceNow(action)
        try checkRefusal("send(\(action))", expected: expected, before: before, outcome: outcome, exhaustivity: exhaustivity, at: location)
    }

    /// Sends an action and asserts that the reducer refuses it with a typed domain error
    /// (`StoreError.refused(_:)`), leaving the state unchanged.
    ///
    /// ```swift
    /// try store.send(.book(seat: 7), refusedWith: BookingError.seatTaken)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - expected: The domain error the reducer must refuse the action with.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as `send(_:refusedWith:fileID:filePath:line:column:)`.
    public func send<Failure: Error & Equatable & Sendable>(
        _ action: Action,
        refusedWith expected: Failure,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(TestStoreFailure) {
        try send(action, refusedWith: .refusing(expected), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends an action and asserts that the reducer refuses it with `expected`, waiting without
    /// blocking a thread when an effect on another thread holds the store.
    ///
    /// ```swift
    /// try await store.send(.withdraw(500), refusedWith: .rejected("insufficient funds"))
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - expected: The refusal the reducer must throw.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as the synchronous form.
    public func send(
        _ action: Action,
        refusedWith expected: StoreError,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(TestStoreFailure) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let exhaustivity = try prepareSend(action, at: location)
        let before = store.state
        let outcome = await reduceSoon(action)
        try checkRefusal("send(\(action))", expected: expected, before: before, outcome: outcome, exhaustivity: exhaustivity, at: location)
    }

    /// Sends an action and asserts that the reducer refuses it with a typed domain error, waiting
    /// without blocking a thread when an effect on another thread holds the store.
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - expected: The domain error the reducer must refuse the action with.
    ///   - fileID: The caller's `#fileID`, where a failure is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``TestStoreFailure``, as the synchronous form.
    public func send<Failure: Error & Equatable & Sendable>(
        _ action: Action,
        refusedWith expected: Failure,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(TestStoreFailure) {
        try await send(action, refusedWith: .refusing(expected), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that a test action was refused with `expected` and left the state unchanged.
    func checkRefusal(
        _ description: String,
        expected: StoreError,
        before: State,
        outcome: ReductionOutcome,
        exhaustivity: Exhaustivity,
        at location: HarnessLocation
    ) throws(TestStoreFailure) {
        try reportDependencyIssues(at: location)
        switch outcome {
        case .reduced(.failure(let error)) where error == expected:
            try checkUnchangedByRefusal(description, before: before, at: location)
        case .reduced(.failure(let error)):
            try fail(.refusalMismatch, "\(description) failed with \(error), expected a refusal: \(expected)", at: location)
        case .reduced(.success):
            try fail(.refusalMismatch, "\(description) was reduced, expected a refusal: \(expected)", at: location)
        case .reentrant:
            try failReentrant(description, at: location)
        case .timedOut:
            let why = Task.isCancelled ? "before the task was cancelled" : "within \(Self.busyStoreTimeout)"
            try fail(.actionNotReduced, "\(description) was not reduced \(why) (an effect held the store)", at: location)
        }
    }

    /// Checks that a refused action left the state as it was: a reducer that changed the state
    /// and then threw breaks the store's promise that a refusal changes nothing.
    func checkUnchangedByRefusal(_ description: String, before: State, at location: HarnessLocation) throws(TestStoreFailure) {
        let after = store.state
        guard !isEqual(before, after) else { return }
        try fail(
            .stateMismatch,
            StateDiff.message(
                "\(description) was refused but changed the state (throw before changing anything, or wrap the "
                    + "reducer in restoringStateOnRefusal())",
                expected: before,
                actual: after
            ),
            at: location
        )
    }
}
