public import StreamCore

/// A scheduler on virtual time: actions run only when the test advances the clock, so timers,
/// delays and time-based operators are tested without waiting.
///
/// ```swift
/// let scheduler = TestScheduler()                        // one tick = one second
/// let recorder = scheduler.record(
///     Signal<Int, Never>(just: 5, after: .seconds(3), scheduler: scheduler)
/// )
/// scheduler.advance(by: .seconds(2))                     // nothing yet
/// scheduler.advance(byTicks: 1)                          // tick 3: next(5), completed
/// recorder.events   // [Recorded(tick: 3, .next(5)), Recorded(tick: 3, .completed)]
/// ```
///
/// **Time is an integer number of ticks.** The clock starts at tick 0 (`SchedulerTime.zero`)
/// and each tick lasts ``tick`` (one second unless you pass another `Duration` to
/// ``init(tick:)``); ``now`` is always a whole number of ticks. Scheduling rounds delays *up* to
/// whole ticks (an action never runs before its deadline), and advancing rounds the target
/// *down* (an advance never runs an action due after the instant asked for). Delays of zero or
/// less run at the current tick, but never inside the `schedule` call. Delays beyond the clock's
/// range (about 292 years at one nanosecond per tick) are saturated at its last tick.
///
/// **Order.** Actions run in deadline order and, within a tick, in the order they were
/// scheduled (FIFO). ``now`` is set to an action's deadline before it runs. Actions run on the
/// thread that advances the clock, outside any lock, so they may schedule, cancel or advance
/// re-entrantly; an action scheduled while advancing runs in the same advance if it is due by
/// the target.
///
/// **Threads.** Actions may be scheduled and cancelled from any thread. Advance from one thread
/// at a time: concurrent advances are safe but run actions concurrently, in no defined order.
///
/// **Repetition** runs on an exact grid of ticks: the first run after the delay, then every
/// interval (rounded up to whole ticks, at least one tick), each run scheduled when the previous
/// one returns.
public final class TestScheduler: Scheduler {
    private struct State {
        var now: Int64 = 0
        var order: UInt64 = 0
        var queue = ActionHeap()
    }

    /// The virtual duration of one tick: the unit of ``currentTick``, of recorded times and of
    /// one character in a marble diagram.
    public let tick: Duration
    private let tickNanoseconds: Int64
    private let state = LockedState(State())

    /// Creates a scheduler at tick 0.
    ///
    /// ```swift
    /// let seconds = TestScheduler()                            // debounce(for: .seconds(2)) waits 2 ticks
    /// let millis = TestScheduler(tick: .milliseconds(1))       // .milliseconds(300) is 300 ticks
    /// ```
    ///
    /// - Parameter tick: How much virtual time one tick stands for; one second by default.
    ///   It is rounded to whole nanoseconds, and anything below one nanosecond (including zero
    ///   and negative durations) becomes one nanosecond.
    public init(tick: Duration = .seconds(1)) {
        let nanoseconds = max(1, tick.saturatingNanoseconds)
        self.tickNanoseconds = nanoseconds
        self.tick = .nanoseconds(nanoseconds)
    }

    /// The current virtual time: ``currentTick`` ticks after `SchedulerTime.zero`.
    public var now: SchedulerTime {
        time(ofTick: currentTick)
    }

    /// The current virtual time in ticks (0 when the scheduler is created).
    public var currentTick: Int {
        Int(state.withLock { $0.now })
    }

    /// The instant of a tick on this scheduler's clock.
    ///
    /// - Parameter tick: A tick number.
    /// - Returns: `tick` × ``tick`` after `SchedulerTime.zero`.
    public func time(ofTick tick: Int) -> SchedulerTime {
        SchedulerTime(offset: self.tick * tick)
    }

    /// The number of whole ticks in `duration`, rounded up (how long a delay of `duration` waits).
    ///
    /// - Parameter duration: A delay; zero or less gives 0.
    /// - Returns: The delay in ticks.
    public func ticks(in duration: Duration) -> Int {
        Int(ticksRoundingUp(duration))
    }

    /// Schedules `action` at the current tick, after the actions already due (it never runs
    /// inside this call).
    ///
    /// - Parameter action: The work; it runs on the thread that advances the clock.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        _ = enqueue(afterTicks: 0, action)
    }

    /// Schedules `action` once, `delay` (rounded up to whole ticks) from now.
    ///
    /// - Parameters:
    ///   - delay: How long to wait; zero or less means the current tick, after the actions
    ///     already due.
    ///   - action: The work; it runs on the thread that advances the clock, with ``now`` at its
    ///     deadline.
    /// - Returns: A disposable that cancels the action (and releases it at once) if it has not
    ///   started yet.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        enqueue(afterTicks: ticksRoundingUp(delay), action)
    }

    /// Runs `action` first after `delay`, then every `interval`, until the returned disposable is
    /// disposed.
    ///
    /// ```swift
    /// let ticker = scheduler.schedule(after: .zero, every: .seconds(2)) { print(scheduler.currentTick) }
    /// scheduler.advance(by: .seconds(5))   // prints 0, 2, 4
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long to wait before the first run, rounded up to whole ticks; zero or less
    ///     means the current tick (never inside this call).
    ///   - interval: The time between runs, rounded up to whole ticks; below one tick (including
    ///     zero and negative intervals) it is one tick.
    ///   - action: The work; it runs on the thread that advances the clock, never concurrently
    ///     with itself.
    /// - Returns: A disposable that stops the repetitions and releases the action.
    public func schedule(
        after delay: Duration,
        every interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let token = SerialDisposable()
        let first = state.withLock { $0.now }.saturatingAdd(ticksRoundingUp(delay))
        scheduleRepetition(atTick: first, every: max(1, ticksRoundingUp(interval)), token: token, action)
        return token
    }

    private func scheduleRepetition(
        atTick tick: Int64,
        every step: Int64,
        token: SerialDisposable,
        _ action: @escaping @Sendable () -> Void
    ) {
        let run = ScheduledAction { [self] in
            action()
            guard !token.isDisposed else { return }
            self.scheduleRepetition(atTick: tick.saturatingAdd(step), every: step, token: token, action)
        }
        // Set before queueing, so the run cannot start (on another advancing thread) before the
        // token holds it. Replacing the token's action disposes the previous, already run, one;
        // once the token is disposed, the new run is cancelled at once (and skipped in the queue).
        token.otherDisposable = run
        state.withLock { state in
            state.order &+= 1
            state.queue.insert(.init(tick: tick, order: state.order, action: run))
        }
    }

    /// The number of actions waiting to run; cancelled actions are not counted.
    public var pendingCount: Int {
        state.withLock { $0.queue.liveCount }
    }

    /// Moves the clock forward by `duration` (rounded down to whole ticks), running every action
    /// due by then.
    ///
    /// ```swift
    /// scheduler.advance(by: .seconds(5))
    /// scheduler.advance()          // runs what is due at the current tick
    /// ```
    ///
    /// - Parameter duration: How far to move; zero (the default) or less only runs the actions
    ///   due now.
    public func advance(by duration: Duration = .zero) {
        let ticks = max(0, duration.saturatingNanoseconds) / tickNanoseconds
        advance(toTicks: state.withLock { $0.now }.saturatingAdd(ticks))
    }

    /// Moves the clock forward by a number of ticks, running every action due by then.
    ///
    /// - Parameter ticks: How many ticks to move; zero or less only runs the actions due now.
    public func advance(byTicks ticks: Int) {
        advance(toTicks: state.withLock { $0.now }.saturatingAdd(Int64(max(0, ticks))))
    }

    /// Moves the clock to `instant` (rounded down to a whole tick), running every action due by
    /// then. An instant in the past only runs the actions due now; time never goes backwards.
    ///
    /// - Parameter instant: The time to move to.
    public func advance(to instant: SchedulerTime) {
        advance(toTicks: max(0, instant.offset.saturatingNanoseconds) / tickNanoseconds)
    }

    /// Moves the clock to a tick, running every action due by then; a past tick only runs the
    /// actions due now.
    ///
    /// - Parameter tick: The tick to move to.
    public func advance(toTick tick: Int) {
        advance(toTicks: Int64(tick))
    }

    /// Runs actions, moving the clock to each one's deadline, until none is left.
    ///
    /// ```swift
    /// scheduler.run()
    /// ```
    ///
    /// A repeating action keeps the scheduler busy forever; `run()` then stops after
    /// `maximumActions` actions instead of hanging the test, and returns `false`.
    ///
    /// - Parameter maximumActions: How many actions to run at most; one million by default.
    /// - Returns: `true` if the scheduler became idle, `false` if it stopped at the limit.
    @discardableResult
    public func run(maximumActions: Int = 1_000_000) -> Bool {
        var remaining = maximumActions
        while remaining > 0 {
            guard let action = popNext(dueBy: .max) else { return true }
            action.run()
            remaining -= 1
        }
        return state.withLock { $0.queue.peekLive() == nil }
    }

    private func advance(toTicks target: Int64) {
        while let action = popNext(dueBy: target) {
            action.run()
        }
    }

    /// Removes the next live action due by `target` and moves the clock to its deadline; when
    /// none is due, moves the clock to `target` (unless `target` is `.max`, the "until idle" mark).
    private func popNext(dueBy target: Int64) -> ScheduledAction? {
        state.withLock { state in
            // Lock order is always scheduler, then action: `ScheduledAction` never calls back.
            guard let item = state.queue.peekLive(), item.tick <= target else {
                if target != .max, state.now < target { state.now = target }
                return nil
            }
            state.queue.removeFirst()
            if state.now < item.tick { state.now = item.tick }
            return item.action
        }
    }

    private func enqueue(afterTicks ticks: Int64, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let scheduled = ScheduledAction(action)
        state.withLock { state in
            state.order &+= 1
            state.queue.insert(.init(tick: state.now.saturatingAdd(ticks), order: state.order, action: scheduled))
        }
        return scheduled
    }

    private func ticksRoundingUp(_ duration: Duration) -> Int64 {
        let nanoseconds = duration.clampedDelay.saturatingNanoseconds
        let (whole, part) = nanoseconds.quotientAndRemainder(dividingBy: tickNanoseconds)
        return part > 0 ? whole + 1 : whole
    }
}

extension Int64 {
    /// `self + other` for non-negative `other`, stopping at the clock's last tick instead of
    /// overflowing.
    fileprivate func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? Int64.max - 1 : sum
    }
}
