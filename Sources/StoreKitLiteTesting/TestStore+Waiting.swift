import Dispatch

extension TestStore {
    /// Re-checks `check` each time an action is fed back (and every `recheck`, if given, for
    /// what sends no signal), until it returns a value or `timeout` passes (then `nil`); a zero
    /// timeout checks once. Blocks the calling thread.
    func waitSync<R>(timeout: Duration, recheckingEvery recheck: Duration? = nil, until check: () -> R?) -> R? {
        let deadline = DispatchTime.now() + timeout.dispatchInterval
        while true {
            if let result = check() { return result }
            let now = DispatchTime.now()
            if now >= deadline { return nil }
            let wake = recheck.map { min(deadline, now + $0.dispatchInterval) } ?? deadline
            _ = changed.wait(timeout: wake)
        }
    }

    /// Re-checks `check` with growing pauses (`Task.sleep`, no thread blocked) until it returns a
    /// value or `timeout` passes (then `nil`); a zero timeout checks once and never sleeps. A
    /// cancelled task checks one last time.
    func waitAsync<R>(timeout: Duration, until check: () -> R?) async -> R? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: max(timeout, .zero))
        var pause = Duration.microseconds(100)
        while true {
            if let result = check() { return result }
            let now = clock.now
            if now >= deadline { return nil }
            do {
                try await Task.sleep(for: min(pause, deadline - now))
            } catch {
                return check()
            }
            pause = min(pause * 2, .milliseconds(5))
        }
    }
}

extension Duration {
    /// The duration as a dispatch interval (negative durations count as zero).
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        if seconds < 0 { return .nanoseconds(0) }
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if nanos.overflow || nanos.partialValue > Int64(Int.max) { return .seconds(Int.max / 1_000_000_000) }
        return .nanoseconds(Int(nanos.partialValue + attoseconds / 1_000_000_000))
    }
}
