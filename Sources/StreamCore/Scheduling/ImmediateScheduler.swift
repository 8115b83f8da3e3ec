import Dispatch

/// A scheduler that runs every action synchronously, on the calling thread, before `schedule`
/// returns.
///
/// Use it where an API asks for a scheduler but no hop is wanted: `receive(on:)` and
/// `subscribe(on:)` with an immediate scheduler return the signal unchanged. It has no timer of
/// its own: as Combine's `ImmediateScheduler`, it ignores delays, and a repeating action runs once.
/// Test timers on a virtual-time scheduler instead.
///
/// ```swift
/// let scheduler = ImmediateScheduler()
/// scheduler.schedule { print("1") }
/// print("2")                                  // prints 1, then 2
/// _ = scheduler.schedule(after: .seconds(5)) { print("now, not in 5 s") }
/// ```
public struct ImmediateScheduler: Scheduler {
    /// Creates an immediate scheduler.
    public init() {}

    /// The system's monotonic uptime (the same clock as a `DispatchQueue`'s).
    public var now: SchedulerTime {
        SchedulerTime(offset: .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds)))
    }

    /// Runs `action` at once, on the calling thread.
    ///
    /// - Parameter action: The work, run before this method returns.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }

    /// Runs `action` at once, on the calling thread, ignoring the delay.
    ///
    /// ```swift
    /// _ = ImmediateScheduler().schedule(after: .seconds(1)) { print("already ran") }
    /// ```
    ///
    /// - Parameters:
    ///   - delay: Ignored.
    ///   - action: The work, run before this method returns.
    /// - Returns: An already-disposed disposable: there is nothing left to cancel.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        action()
        return DisposedDisposable.instance
    }

    /// Runs `action` once, at once, on the calling thread; there are no repetitions.
    ///
    /// A synchronous scheduler cannot repeat without blocking the caller forever, so a repeating
    /// action runs once, as with Combine's `ImmediateScheduler`.
    ///
    /// - Parameters:
    ///   - delay: Ignored.
    ///   - interval: Ignored.
    ///   - action: The work, run once before this method returns.
    /// - Returns: An already-disposed disposable.
    public func schedule(
        after delay: Duration,
        every interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        action()
        return DisposedDisposable.instance
    }

    /// ``ExecutionContext/immediate``, so that operators skip the hop.
    public var context: ExecutionContext {
        .immediate
    }
}
