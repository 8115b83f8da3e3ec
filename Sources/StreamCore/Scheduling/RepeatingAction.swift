#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The default implementation of ``Scheduler/schedule(after:every:_:)``: a chain of one-shot
/// actions on a fixed grid of deadlines.
///
/// Each run schedules the next one after the action returns, so runs never overlap, even on a
/// concurrent queue. Deadlines are `start + delay + k × interval`, not "interval after the last
/// run", so a real clock does not drift; deadlines that already passed are skipped.
///
/// The scheduler must run delayed actions asynchronously (after `schedule(after:_:)` returns);
/// a scheduler that runs them synchronously implements repetition itself, as
/// ``ImmediateScheduler`` does. A run that starts on the very thread still inside
/// `schedule(after:_:)` is that mistake: instead of recursing without bound, the repetition stops
/// (its action does not run) and ``SchedulerDiagnostics/report`` receives
/// ``SchedulerMisuse/delayedActionRanSynchronously(scheduler:)``.
package final class RepeatingAction: Disposable {
    private struct State {
        /// The action; `nil` once disposed.
        var action: (@Sendable () -> Void)?
        /// The disposable of the next scheduled run.
        var pending: (any Disposable)?
        /// The number of runs scheduled so far; each run knows its own number.
        var scheduled: UInt64 = 0
        /// The number of the last run that started, so that a run which started (on another
        /// thread) before `schedule(after:_:)` returned its token is not stored as pending.
        var started: UInt64 = 0
        /// The thread inside `scheduler.schedule(after:_:)` for this chain (0: none), to recognise
        /// a scheduler that runs the action inside that call.
        var schedulingThread: UInt = 0
    }

    private let state: LockedState<State>
    private let scheduler: any Scheduler
    private let interval: Duration

    private init(scheduler: any Scheduler, interval: Duration, action: @escaping @Sendable () -> Void) {
        self.scheduler = scheduler
        self.interval = interval.clampedInterval
        self.state = LockedState(State(action: action))
    }

    /// Schedules the first run after `delay` and returns the disposable that stops the chain.
    package static func start(
        on scheduler: some Scheduler,
        after delay: Duration,
        every interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let repeating = RepeatingAction(scheduler: scheduler, interval: interval, action: action)
        repeating.schedule(at: scheduler.now + delay.clampedDelay)
        return repeating
    }

    private func schedule(at deadline: SchedulerTime) {
        let thread = Self.currentThread
        let run: UInt64 = state.withLock { state in
            state.scheduled &+= 1
            state.schedulingThread = thread
            return state.scheduled
        }
        let token = scheduler.schedule(after: deadline - scheduler.now) { [self] in
            self.fire(run, scheduledFor: deadline)
        }
        let rejected: Bool = state.withLock { state in
            state.schedulingThread = 0
            guard state.action != nil else { return true }
            if state.started < run { state.pending = token }
            return false
        }
        if rejected { token.dispose() }
    }

    private func fire(_ run: UInt64, scheduledFor deadline: SchedulerTime) {
        let thread = Self.currentThread
        let (action, synchronous): ((@Sendable () -> Void)?, Bool) = state.withLock { state in
            state.started = run
            state.pending = nil
            if state.schedulingThread == thread {
                // Run inside `schedule(after:_:)`: repeating would recurse without bound. Stop.
                defer { state.action = nil }
                return (state.action, true)
            }
            return (state.action, false)
        }
        if synchronous {
            if action != nil {
                SchedulerDiagnostics.report(.delayedActionRanSynchronously(scheduler: "\(type(of: scheduler))"))
            }
            return
        }
        guard let action else { return }
        action()
        schedule(at: nextDeadline(after: deadline))
    }

    /// The first grid instant after `deadline` that has not passed yet (or is due now).
    private func nextDeadline(after deadline: SchedulerTime) -> SchedulerTime {
        let next = deadline + interval
        let now = scheduler.now
        guard next < now else { return next }
        let missed = ((now - next) / interval).rounded(.up)
        // Bounded by the time the scheduler fell behind, so far below Int64.max; guard anyway.
        guard missed < 9_000_000_000_000_000_000 else { return now }
        return next + interval * Int64(missed)
    }

    /// Stops the repetitions and releases the action. A run in progress is not interrupted.
    package func dispose() {
        let (pending, action) = state.withLock { state in
            defer { state.pending = nil; state.action = nil }
            return (state.pending, state.action)
        }
        pending?.dispose()
        _ = action
    }

    /// An identifier of the calling thread.
    private static var currentThread: UInt {
        ThreadIdentity.current
    }

    /// Whether the repetitions were stopped.
    package var isDisposed: Bool {
        state.withLock { $0.action == nil }
    }
}
