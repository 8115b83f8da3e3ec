import StreamCore
public import StreamCoreTesting
import HarnessReporting

extension TestLoop {
    /// Sends an event, as a UI or other input would, and asserts the state it produces.
    ///
    /// ```swift
    /// loop.send(.increment) { $0.count = 1 }
    /// loop.send(.noop)                       // the state must not change
    /// ```
    ///
    /// The event is reduced, the new state is checked, then delivered to the feedbacks (whose
    /// events are queued as received). With `.on`, sending while received events
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
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let (pending, isFinished, exhaustivity) = storage.withLock { ($0.received, $0.isFinished, $0.exhaustivity) }
        if isFinished {
            recordHarnessIssue(
                "send(\(event)) after finish(): the feedbacks are disposed", at: location)
            return
        }
        if !pending.isEmpty {
            switch exhaustivity {
            case .on:
                recordHarnessIssue(
                    "Must assert \(unasserted(pending)) before sending \(event)",
                    at: location
                )
            case .off:
                reducePendingEvents(location: location)
            }
        }
        step(event, description: "send(\(event))", assert: assert, exhaustivity: exhaustivity, location: location)
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
            location: HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    func receiveEvent(
        matching predicate: (Event) -> Bool,
        expectation: String,
        assert: ((inout State) -> Void)?,
        location: HarnessLocation
    ) {
        let (pending, isFinished, exhaustivity) = storage.withLock { ($0.received, $0.isFinished, $0.exhaustivity) }
        if isFinished {
            recordHarnessIssue(
                "Receiving \(expectation) after finish(): the feedbacks are disposed",
                at: location
            )
            return
        }
        guard let first = pending.first else {
            recordHarnessIssue(
                "Expected to receive \(expectation), but the feedbacks sent no event. "
                    + "(Did the test advance the TestScheduler its effects run on?)",
                at: location
            )
            return
        }
        switch exhaustivity {
        case .on:
            guard predicate(first.event) else {
                _ = popReceived()
                recordHarnessIssue(
                    "Expected to receive \(expectation), but \(names[first.source]) sent "
                        + "\(first.event) (reduced unchecked)",
                    at: location
                )
                apply(first.event, location: location)
                return
            }
        case .off:
            guard let index = pending.firstIndex(where: { predicate($0.event) }) else {
                recordHarnessIssue(
                    "Expected to receive \(expectation), but it is not among \(unasserted(pending))",
                    at: location
                )
                return
            }
            for _ in 0..<index {
                if let skipped = popReceived() { apply(skipped.event, location: location) }
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
    /// loop.skipReceived()          // the analytics feedback's events are not under test
    /// ```
    ///
    /// StoreKitLiteTesting's `TestStore` has the same method.
    ///
    /// - Parameters:
    ///   - fileID: The caller's `#fileID`, where a refused event is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public func skipReceived(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let count = storage.withLock { $0.received.count }
        for _ in 0..<count {
            if let next = popReceived() { apply(next.event, location: location) }
        }
    }

    /// Ends the test: fails if received events are unasserted (with `.on`), then
    /// disposes the feedbacks and their effects. Later sends and receives fail.
    ///
    /// ```swift
    /// loop.finish()
    /// loop.finish(scheduler: scheduler)    // also: no effect still has work scheduled
    /// ```
    ///
    /// With `scheduler` (and `.on`), it also fails when actions are still
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
        let location = HarnessLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let (pending, exhaustivity) = storage.withLock { storage in
            storage.isFinished = true
            return (storage.received, storage.exhaustivity)
        }
        let scheduled = scheduler?.pendingCount ?? 0
        observations.dispose()
        guard exhaustivity == .on else { return }
        if !pending.isEmpty {
            recordHarnessIssue(
                "finish() with \(unasserted(pending)); assert them with receive(_:assert:), "
                    + "or call skipReceived()",
                at: location
            )
        }
        if scheduled > 0 {
            recordHarnessIssue(
                "finish() while \(scheduled) action\(scheduled == 1 ? " is" : "s are") still "
                    + "scheduled on the TestScheduler: an effect is still running. Advance the scheduler and "
                    + "receive its events, or end it by changing the state",
                at: location
            )
        }
    }
}
