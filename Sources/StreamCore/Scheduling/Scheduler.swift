/// A clock and a place to run work now, later, or repeatedly: what time-based signals and
/// operators are written against.
///
/// A `DispatchQueue` is a scheduler that runs on the real clock; ``ImmediateScheduler`` runs work
/// synchronously; a virtual-time test scheduler runs work when the test advances its clock, so
/// timers can be tested without waiting.
///
/// ```swift
/// let queue = DispatchQueue(label: "timer")
/// let token = queue.schedule(after: .seconds(2)) { print("two seconds later") }
/// token.dispose()   // cancelled: never prints
///
/// let ticker = queue.schedule(every: .milliseconds(500)) { print("tick") }
/// ```
///
/// Rules every conformance keeps (time-based operators rely on them):
/// - ``schedule(_:)`` and ``schedule(after:_:)`` run each action at most once. Disposing the
///   returned disposable before the action starts means it never runs; an action that already
///   started is not interrupted.
/// - A delay of zero or less means "as soon as possible". Asynchronous schedulers never run it
///   inside the `schedule` call; actions due at the same instant run in the order they were
///   scheduled (FIFO).
/// - ``now`` never goes backwards, and when an action scheduled `after: d` runs, `now` is at
///   least the instant it was scheduled plus `d`.
///
/// See `Docs/Decisions/0005-scheduler.md` for the design.
public protocol Scheduler: Sendable {
    /// The scheduler's current time.
    ///
    /// ```swift
    /// let start = scheduler.now
    /// // …
    /// let elapsed = scheduler.now - start
    /// ```
    var now: SchedulerTime { get }

    /// Runs `action` as soon as possible.
    ///
    /// ```swift
    /// DispatchQueue.main.schedule { updateUI() }
    /// ```
    ///
    /// - Parameter action: The work; it runs on the scheduler's thread or queue.
    func schedule(_ action: @escaping @Sendable () -> Void)

    /// Runs `action` once, after `delay` has passed on the scheduler's clock.
    ///
    /// ```swift
    /// let timeout = queue.schedule(after: .seconds(30)) { cancelRequest() }
    /// timeout.dispose()   // the request finished in time
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long to wait; zero or less runs the action as soon as possible, after the
    ///     actions already due. Delays beyond about 31 million years are clamped.
    ///   - action: The work; it runs on the scheduler's thread or queue.
    /// - Returns: A disposable that cancels the action if it has not started yet, and releases it.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable

    /// Runs `action` first after `delay`, then every `interval`, until the returned disposable is
    /// disposed.
    ///
    /// The default implementation is built on ``schedule(after:_:)``: each repetition is
    /// scheduled when the previous one returns, at the next instant of the grid
    /// `start + delay + k × interval`, so runs never overlap (even on a concurrent queue) and do
    /// not drift. If the scheduler falls behind by more than an interval, the missed instants
    /// are skipped rather than run in a burst. It needs a scheduler that runs delayed actions
    /// after `schedule(after:_:)` returns: on one that runs them inside the call, the repetition
    /// stops before its action runs and ``SchedulerDiagnostics/report`` receives
    /// ``SchedulerMisuse/delayedActionRanSynchronously(scheduler:)`` (a synchronous scheduler
    /// implements this requirement itself, as ``ImmediateScheduler`` does).
    ///
    /// ```swift
    /// let ticker = queue.schedule(after: .zero, every: .seconds(1)) { print(Date()) }
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long to wait before the first run; zero or less means as soon as possible.
    ///   - interval: The time between runs. An interval below one nanosecond (including zero
    ///     and negative intervals) is raised to one nanosecond, so time always moves forward
    ///     between runs.
    ///   - action: The work; it runs on the scheduler's thread or queue, never concurrently with
    ///     itself.
    /// - Returns: A disposable that stops the repetitions. A run that already started is not
    ///   interrupted.
    func schedule(
        after delay: Duration,
        every interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable

    /// This scheduler as an ``ExecutionContext`` that runs work with ``schedule(_:)``.
    ///
    /// ```swift
    /// signal.receive(on: myScheduler.context)
    /// ```
    var context: ExecutionContext { get }
}

extension Scheduler {
    /// Runs `action` first after `delay`, then every `interval` (the default implementation, see
    /// the requirement's documentation).
    ///
    /// - Parameters:
    ///   - delay: How long to wait before the first run; zero or less means as soon as possible.
    ///   - interval: The time between runs, at least one nanosecond.
    ///   - action: The work; never runs concurrently with itself.
    /// - Returns: A disposable that stops the repetitions.
    public func schedule(
        after delay: Duration,
        every interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        RepeatingAction.start(on: self, after: delay, every: interval, action)
    }

    /// Runs `action` every `interval`, the first time one interval from now.
    ///
    /// ```swift
    /// let ticker = queue.schedule(every: .seconds(1)) { print("tick") }
    /// // ticks at now + 1 s, now + 2 s, …
    /// ticker.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The time between runs (and before the first); raised to one nanosecond when
    ///     smaller.
    ///   - action: The work; it runs on the scheduler's thread or queue, never concurrently with
    ///     itself.
    /// - Returns: A disposable that stops the repetitions.
    public func schedule(
        every interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        schedule(after: interval.clampedInterval, every: interval, action)
    }

    /// This scheduler as an ``ExecutionContext`` whose `execute` calls ``schedule(_:)``.
    ///
    /// ```swift
    /// let context = DispatchQueue.main.context
    /// context.execute { print("on the main queue") }
    /// ```
    public var context: ExecutionContext {
        ExecutionContext { work in self.schedule(work) }
    }
}
