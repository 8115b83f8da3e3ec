extension Store {
    /// Runs an action from middleware `start` on and calls `completion` with the state it
    /// produced, or the `StoreError` that stopped it (StoreKitLiteTesting's `TestStore`).
    ///
    /// When the store is idle, the action runs on this thread before this returns, and so does
    /// `completion`: the test store steps the reducer deterministically. When another thread
    /// holds the dispatch role, the action is queued behind the ones before it and `completion`
    /// runs on the thread that runs it, once it has.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - start: The index of the first middleware it passes.
    ///   - completion: Called once with the action's outcome (never under a lock).
    package func enqueue(
        _ action: Action,
        from start: Int,
        completion: @escaping @Sendable (Result<State, StoreError>) -> Void
    ) {
        let outcome = ActionOutcome<State>()
        outcome.whenResolved(completion)
        guard accepting.load(ordering: .relaxed) else {
            outcome.resolve(.failure(.storeClosed))
            return
        }
        enqueue(Pending(action: action, start: start, outcome: outcome))
    }
}

extension Store {
    /// The number of actions queued behind the dispatch role's holder (tests that need an
    /// action to be queued before they act on it).
    package var queuedActionCount: Int {
        lockedLine.withLock { $0.role.queuedCount }
    }
}

extension Store {
    /// The number of outside actions waiting for room in a full `.suspend` queue (tests).
    package var waitingActionCount: Int {
        lockedLine.withLock { $0.waiting.count }
    }
}
