public import Dispatch

/// A dispatch queue is a scheduler on the real, monotonic clock.
///
/// ```swift
/// let queue = DispatchQueue(label: "network")
/// let timeout = queue.schedule(after: .seconds(10)) { print("timed out") }
/// Signal<Int, Never>(just: 1, after: 0.5, scheduler: queue)
/// ```
///
/// Actions run on the queue: one at a time on a serial queue (the main queue included), possibly
/// in parallel on a concurrent one (a repeating action never overlaps itself either way).
extension DispatchQueue: Scheduler {
    /// The system's monotonic uptime (`DispatchTime.now()`), which does not jump with the wall
    /// clock.
    public var now: SchedulerTime {
        SchedulerTime(offset: .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds)))
    }

    /// Runs `action` asynchronously on the queue.
    ///
    /// ```swift
    /// DispatchQueue.main.schedule { updateUI() }
    /// ```
    ///
    /// - Parameter action: The work, run on the queue after this method returns.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        async(execute: action)
    }

    /// Runs `action` on the queue once `delay` has passed (`asyncAfter`).
    ///
    /// ```swift
    /// let token = DispatchQueue.global().schedule(after: .milliseconds(250)) { print("later") }
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long to wait; zero or less means as soon as possible, after this method
    ///     returns. Delays beyond the range of `DispatchTime` (about 146 years of uptime) wait
    ///     forever, until disposed.
    ///   - action: The work, run on the queue.
    /// - Returns: A disposable that cancels the action if it has not started, releasing it at once.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let scheduled = ScheduledAction(action)
        asyncAfter(deadline: Self.deadline(after: delay)) { scheduled.run() }
        return scheduled
    }

    /// The dispatch deadline `delay` from now, saturating at `DispatchTime.distantFuture`.
    private static func deadline(after delay: Duration) -> DispatchTime {
        let nanoseconds = delay.clampedDelay.saturatingNanoseconds
        let start = DispatchTime.now()
        let (end, overflow) = start.uptimeNanoseconds.addingReportingOverflow(UInt64(nanoseconds))
        // libdispatch keeps the top two bits of a `dispatch_time_t` for the clock kind (wall
        // clock, monotonic): an uptime at or past 2^62 ns (146 years) would be read as another
        // clock's time, most likely in the past, and fire at once. Treat it as "never".
        if overflow || end >= 1 << 62 { return .distantFuture }
        return DispatchTime(uptimeNanoseconds: end)
    }
}
