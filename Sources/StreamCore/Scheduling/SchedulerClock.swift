/// A ``Scheduler`` as a Swift `Clock`: `sleep(until:)` ends when the scheduler runs an action
/// scheduled for the deadline, so async code sleeps on a test scheduler's virtual time.
///
/// ```swift
/// let scheduler = TestScheduler()                    // StreamCoreTesting
/// let clock = scheduler.clock
/// let task = Task { try await clock.sleep(for: .seconds(5)); print("woke") }
/// scheduler.advance(by: .seconds(5))                 // the sleep ends (the task resumes soon after)
/// ```
///
/// Its instants are the scheduler's (``SchedulerTime``). A deadline not after ``now`` returns at
/// once; a cancelled task's sleep throws `CancellationError` and cancels the scheduled action.
/// It is what the ``DependencyValues/continuousClock`` dependency takes in tests.
public struct SchedulerClock: Clock, Sendable {
    /// The clock's durations.
    public typealias Duration = Swift.Duration
    /// The clock's instants: the scheduler's.
    public typealias Instant = SchedulerTime

    /// The scheduler the sleeps are scheduled on.
    public let scheduler: any Scheduler

    /// Creates the clock of a scheduler (``Scheduler/clock`` says the same).
    ///
    /// - Parameter scheduler: The scheduler.
    public init(_ scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// The scheduler's current time.
    public var now: SchedulerTime { scheduler.now }

    /// One nanosecond, the finest duration a scheduler takes.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Sleeps until the scheduler's clock reaches `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: When to wake, on the scheduler's clock.
    ///   - tolerance: Ignored: the scheduler runs the wake-up at the deadline.
    /// - Throws: `CancellationError` if the task is cancelled before the deadline.
    public func sleep(until deadline: SchedulerTime, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let delay = deadline - scheduler.now
        guard delay > .zero else { return }
        let sleep = Sleep()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleep.begin(continuation)
                let wakeUp = scheduler.schedule(after: delay) { sleep.end(cancelled: false) }
                sleep.schedule(wakeUp)
            }
        } onCancel: {
            sleep.end(cancelled: true)
        }
    }

    /// One sleep: its continuation, the scheduled wake-up, and how it ended. The continuation
    /// is resumed, and the wake-up disposed, outside the lock.
    private final class Sleep: Sendable {
        private enum Phase {
            case starting
            case waiting(CheckedContinuation<Void, any Error>)
            /// Ended before the continuation was handed over (cancelled, or woken inside
            /// `schedule`): `begin` resumes it at once.
            case endedEarly(cancelled: Bool)
            case ended
        }

        private struct State {
            var phase = Phase.starting
            var wakeUp: (any Disposable)?
        }

        private let state = LockedState(State())

        func begin(_ continuation: CheckedContinuation<Void, any Error>) {
            let early: Bool? = state.withLock { state in
                guard case .endedEarly(let cancelled) = state.phase else {
                    state.phase = .waiting(continuation)
                    return nil
                }
                state.phase = .ended
                return cancelled
            }
            guard let cancelled = early else { return }
            if cancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
        }

        func schedule(_ wakeUp: any Disposable) {
            let ended: Bool = state.withLock { state in
                if case .ended = state.phase { return true }
                if case .endedEarly = state.phase { return true }
                state.wakeUp = wakeUp
                return false
            }
            if ended { wakeUp.dispose() }
        }

        func end(cancelled: Bool) {
            let (continuation, wakeUp): (CheckedContinuation<Void, any Error>?, (any Disposable)?) = state.withLock { state in
                switch state.phase {
                case .starting:
                    state.phase = .endedEarly(cancelled: cancelled)
                    return (nil, nil)
                case .waiting(let continuation):
                    state.phase = .ended
                    defer { state.wakeUp = nil }
                    return (continuation, state.wakeUp)
                case .endedEarly, .ended:
                    return (nil, nil)
                }
            }
            if cancelled { wakeUp?.dispose() }
            guard let continuation else { return }
            if cancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
        }
    }
}

extension Scheduler {
    /// This scheduler as a Swift `Clock` (``SchedulerClock``): async sleeps that end when the
    /// scheduler reaches their deadline.
    ///
    /// ```swift
    /// withDependencies { $0.continuousClock = testScheduler.clock } operation: { … }
    /// ```
    public var clock: SchedulerClock {
        SchedulerClock(self)
    }
}
