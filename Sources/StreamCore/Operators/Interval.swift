public import Dispatch

extension Signal where Element == Int {
    /// A signal that counts 0, 1, 2, … one number every `interval`, until disposed.
    ///
    /// Marble (two ticks): `Signal.interval(.seconds(2))` → `--0-1-2-3…`
    ///
    /// ```swift
    /// Signal<Int, Never>.interval(.seconds(1), on: DispatchQueue.main)
    ///     .observeNext { secondsElapsed.value = $0 + 1 }
    /// ```
    ///
    /// Each observation starts its own counter, one interval after observing, on a drift-free
    /// grid (see ``Scheduler/schedule(after:every:_:)``). The signal never terminates; disposing
    /// stops the timer.
    ///
    /// - Parameters:
    ///   - interval: The time between numbers (and before the first); below one nanosecond it
    ///     becomes one nanosecond.
    ///   - scheduler: Where the numbers are sent from; a global dispatch queue by default. They
    ///     arrive on the scheduler, one at a time. An ``ImmediateScheduler`` does not repeat, so
    ///     it sends only `0`.
    /// - Returns: An endless signal of increasing integers.
    public static func interval(
        _ interval: Duration,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal {
        Signal({ observer in
            // SerialBox: only the timer's runs touch the counter, and a repeating action's runs
            // never overlap, each one scheduled after the previous returned.
            let counter = SerialBox(0)
            return scheduler.schedule(after: interval.clampedInterval, every: interval) {
                if observer.isDisposed { return }
                let value = counter.value
                counter.value = value == .max ? value : value + 1
                observer.receive(value)
            }
        })
    }

    /// A signal that counts 0, 1, 2, … one number every `interval` seconds: ReactiveKit's
    /// spelling of ``interval(_:on:)-(Duration,_)``.
    ///
    /// Marble (two ticks): `Signal.interval(2)` → `--0-1-2-3…`
    ///
    /// ```swift
    /// SafeSignal<Int>.interval(0.5).take(first: 4)   // 0, 1, 2, 3, then completes
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The time between numbers in seconds; zero, negative and `NaN` become one
    ///     nanosecond.
    ///   - scheduler: Where the numbers are sent from (a global dispatch queue by default); they
    ///     arrive on it.
    /// - Returns: An endless signal of increasing integers.
    public static func interval(
        _ interval: Double,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal {
        Signal.interval(Duration(saturatingSeconds: interval), on: scheduler)
    }
}
