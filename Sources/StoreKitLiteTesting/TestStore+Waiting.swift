import Dispatch

extension TestStore {
    /// How many `receive`/`finish` waits are in progress: zero whenever none is running, also
    /// after one timed out or was cancelled (for the kit's own tests).
    package var activeWaitCount: Int { changes.activeWaits }

    /// Re-checks `check` each time the store changes (an action fed back, an action reduced and
    /// recorded, an effect ended), until it returns a value or `timeout` passes (then `nil`); a
    /// zero timeout checks once. Blocks the calling thread; never polls.
    func waitSync<R>(timeout: Duration, until check: () -> R?) -> R? {
        let deadline = DispatchTime.now() + timeout.dispatchInterval
        while true {
            let generation = changes.generation
            if let result = check() { return result }
            if DispatchTime.now() >= deadline { return nil }
            changes.block(after: generation, until: deadline)
        }
    }

    /// Re-checks `check` each time the store changes, as ``waitSync(timeout:until:)``, suspended
    /// in between (no thread blocked, no polling): the timeout is the only timer. A zero timeout
    /// checks once; a cancelled task checks one last time and returns.
    func waitAsync<R>(timeout: Duration, until check: () -> R?) async -> R? {
        var generation = changes.generation
        if let result = check() { return result }
        guard timeout > .zero, !Task.isCancelled else { return nil }
        let id = changes.begin()
        let changes = self.changes
        let timer = Task {
            guard (try? await Task.sleep(for: timeout.clampedForTimers)) != nil else { return }
            changes.expire(id)
        }
        defer {
            timer.cancel()
            changes.end(id)
        }
        while true {
            await changes.suspend(id, after: generation)
            generation = changes.generation
            if let result = check() { return result }
            if changes.isExpired(id) { return nil }
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

    /// The duration, at most a year: a timer for longer never fires in a test anyway, and the
    /// clock's arithmetic cannot overflow.
    var clampedForTimers: Duration { min(self, .seconds(365 * 86_400)) }
}
