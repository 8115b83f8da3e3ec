extension Store {
    /// Stops accepting actions from outside: later ``dispatch(_:)-(Action)`` calls are dropped and
    /// ``send(_:)`` throws `StoreError.storeClosed`. Actions already queued still run, and
    /// actions that effects send are still accepted, so that work in flight can finish (see
    /// ``effectsSettled()``). Idempotent; there is no reopening.
    ///
    /// ```swift
    /// // A service's graceful shutdown:
    /// store.close()
    /// await withTimeout(.seconds(5)) { await store.effectsSettled() }
    /// let cancelled = store.cancelEffectsInFlight()
    /// logger.info("cancelled \(cancelled.count) effects: \(cancelled)")
    /// ```
    public func close() {
        accepting.store(false, ordering: .relaxed)
    }

    /// Whether the store still accepts actions from outside (``close()`` was not called).
    public var isAcceptingActions: Bool {
        accepting.load(ordering: .relaxed)
    }

    /// Returns when no effect is in flight and no action an effect sent is waiting, or as soon
    /// as the calling task is cancelled (use a task group or a timeout to bound the wait).
    ///
    /// Effects in flight are those started for a state (FeedbackLoop's per-state feedbacks, or
    /// signals marked `trackedAsEffect`), and those run with ``run(_:)`` or action creators.
    /// Attached effects themselves (a feedback observing every state) run for the store's life
    /// and are not counted.
    public func effectsSettled() async {
        await rootGroup.settled()
    }

    /// The descriptions of the effects in flight (see ``effectsSettled()``).
    public var effectsInFlight: [String] {
        rootGroup.runningEffects
    }

    /// Cancels every effect in flight (see ``effectsSettled()``), and returns a description of
    /// each: its name (a feedback's `named(_:)`, an effect identifier) and, for a tracked
    /// action's effects, the action. Attached effects keep running.
    ///
    /// - Returns: What was cancelled.
    @discardableResult
    public func cancelEffectsInFlight() -> [String] {
        rootGroup.cancel()
    }
}
