import StreamCore
import StreamCoreTesting
import HarnessReporting

// The steps every public call shares: reduce, check, deliver.
extension TestLoop {
    /// Reduces `event`, checks the state, delivers it.
    func step(
        _ event: Event,
        description: String,
        assert: ((inout State) -> Void)?,
        exhaustivity: Exhaustivity,
        location: HarnessLocation
    ) {
        let (before, after) = reduce(event, location: location)
        reportDependencyIssues(at: location)
        var expected = exhaustivity == .on ? before : after
        assert?(&expected)
        if !isEqual(expected, after) {
            let what = exhaustivity == .on ? "" : " in what the assertion sets"
            recordHarnessIssue(
                StateDiff.message(
                    "State after \(description) differs from the expectation\(what)", expected: expected, actual: after
                ),
                at: location
            )
        }
        deliver(after)
    }

    /// Reduces `event` and delivers the new state, unchecked.
    func apply(_ event: Event, location: HarnessLocation) {
        deliver(reduce(event, location: location).after)
        reportDependencyIssues(at: location)
    }

    /// Runs the reducer outside the lock (it is user code), with the loop's dependencies.
    func reduce(_ event: Event, location: HarnessLocation) -> (before: State, after: State) {
        let before = storage.withLock { $0.state }
        let reduced: Result<State, StoreError> = dependencies.scope.install {
            var after = before
            do throws(StoreError) {
                try reducer.reduce(&after, event)
                return .success(after)
            } catch {
                return .failure(error)
            }
        }
        guard case .success(let after) = reduced else {
            // The real loop drops a refused event (and reports it to its diagnostics).
            if case .failure(let error) = reduced { recordHarnessIssue("The reducer refused \(event): \(error)", at: location) }
            return (before, before)
        }
        storage.withLock { $0.state = after }
        return (before, after)
    }

    /// Hands a state to the feedbacks, with the loop's dependencies.
    func deliver(_ state: State) {
        dependencies.scope.install {
            for input in inputs { input.send(state) }
        }
    }

    func popReceived() -> Received? {
        storage.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
    }

    /// Reduces received events, and those their states make the feedbacks send at once, until
    /// none is left (`.off` before a send).
    func reducePendingEvents(location: HarnessLocation) {
        var count = 0
        while let next = popReceived() {
            count += 1
            if count > Self.synchronousLimit {
                recordHarnessIssue(
                    "The feedbacks sent more than \(Self.synchronousLimit) events in a row "
                        + "without the loop becoming idle; a feedback may be missing a stop condition",
                    at: location
                )
                return
            }
            apply(next.event, location: location)
        }
    }

    static var synchronousLimit: Int { 10_000 }

    func unasserted(_ pending: [Received]) -> String {
        let list = pending.map { "\($0.event) (from \(names[$0.source]))" }.joined(separator: ", ")
        return "\(pending.count) received event\(pending.count == 1 ? "" : "s") not asserted: \(list)"
    }
}
