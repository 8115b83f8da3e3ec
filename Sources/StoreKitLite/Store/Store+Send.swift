extension Store {
    /// Sends an action and returns the state it produced: the state right after its middleware
    /// and the reducer ran, wherever it was queued.
    ///
    /// ```swift
    /// // A service's handler: 202 with the new state, or 422 with why it was refused.
    /// do {
    ///     let state = try await store.send(.submit(order))
    ///     return Response(status: .accepted, body: state)
    /// } catch {
    ///     return Response(status: .unprocessableContent, body: error.description)
    /// }
    /// ```
    ///
    /// The action is accepted before `send` first suspends, so actions sent one after the other
    /// from one task run in that order, and after `send` returns, ``state`` includes it. While
    /// other threads dispatch, the outcome is this action's own: another action's state or error
    /// is never returned. `send` never blocks a thread and never busy-waits: the calling task is
    /// suspended until the thread that holds the dispatch role has processed the action (or
    /// processes it itself, if the store is idle).
    ///
    /// Cancellation: a task cancelled before `send` is called, or cancelled while its action
    /// waits behind other actions, gets `StoreError.cancelled` and its action never runs (neither
    /// its middleware nor the reducer). Once the store has begun running the action, a
    /// cancellation changes nothing: `send` returns the action's own outcome.
    ///
    /// - Parameter action: The action.
    /// - Returns: The state after the action.
    /// - Throws: The `StoreError` the reducer threw to refuse it,
    ///   `StoreError.droppedByMiddleware` if a middleware stopped it,
    ///   `StoreError.cancelled` if the task was cancelled before the action began, or
    ///   `StoreError.storeClosed` after ``close()``.
    @discardableResult
    public func send(_ action: Action) async throws(StoreError) -> State {
        guard accepting.load(ordering: .relaxed) else { throw StoreError.storeClosed }
        guard !Task.isCancelled else { throw StoreError.cancelled }
        let outcome = ActionOutcome<State>()
        enqueue(Pending(action: action, start: 0, outcome: outcome))
        let result = await withTaskCancellationHandler {
            await outcome.result
        } onCancel: {
            outcome.cancel()
        }
        return try result.get()
    }

    /// Sends an action and returns a task that follows it: its outcome, and the effects it
    /// started (TCA's `StoreTask`).
    ///
    /// ```swift
    /// let task = store.sendTracked(.checkout)
    /// let state = try await task.state      // the state after `.checkout`
    /// await task.finish()                   // its payment effect and what that sent are done
    /// ```
    ///
    /// The effects an action starts are those its state starts in the store's attached effects
    /// (FeedbackLoop feedbacks, or signals marked `trackedAsEffect`), the effects middleware or
    /// effects run with ``run(_:)`` while it is handled, and, transitively, those started by the
    /// actions these effects send. The action is accepted before `sendTracked` returns.
    ///
    /// - Parameter action: The action.
    /// - Returns: The task; awaiting nothing on it is fine (the action runs regardless).
    public func sendTracked(_ action: Action) -> StoreTask<State> {
        let outcome = ActionOutcome<State>()
        let group = EffectGroup(parent: rootGroup, cause: String(describing: action))
        guard accepting.load(ordering: .relaxed) else {
            outcome.resolve(.failure(.storeClosed))
            return StoreTask(outcome: outcome, group: group)
        }
        group.retainPendingAction()
        enqueue(Pending(action: action, start: 0, outcome: outcome, group: group))
        return StoreTask(outcome: outcome, group: group)
    }
}
