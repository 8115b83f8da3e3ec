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
    ///   `StoreError.cancelled` if the task was cancelled before the action began,
    ///   `StoreError.queueFull` if a bounded queue refused it or dropped it (``ActionQueuePolicy``;
    ///   a `.suspend` queue makes `send` wait for room instead, without blocking a thread), or
    ///   `StoreError.storeClosed` after ``close()``.
    @discardableResult
    public func send(_ action: Action) async throws(StoreError) -> State {
        guard accepting.load(ordering: .relaxed) else { throw StoreError.storeClosed }
        guard !Task.isCancelled else { throw StoreError.cancelled }
        let outcome = ActionOutcome<State>()
        enqueue(Pending(action: action, start: 0, outcome: outcome), entry: .outsideAwaiting)
        let result = await outcome.resultCancellingOnTaskCancel
        return try result.get()
    }

    /// Sends an action and returns the state it produced, giving up waiting at a deadline.
    ///
    /// ```swift
    /// // A service's handler answers 503 within a second while a shared store's database is down.
    /// do {
    ///     let state = try await store.send(.book(seat), timeout: .seconds(1))
    ///     return Response(status: .created, body: state)
    /// } catch .deadlineExceeded(let mayHaveRun) {
    ///     return Response(status: .serviceUnavailable, body: mayHaveRun ? "outcome unknown" : "not booked")
    /// } catch {
    ///     return Response(status: .unprocessableContent, body: error.description)
    /// }
    /// ```
    ///
    /// As ``send(_:)``, with a bound on the wait: when `timeout` passes before the outcome is
    /// known, `send` throws `StoreError.deadlineExceeded(mayHaveRun:)`:
    /// - `mayHaveRun: false` if the store had not begun the action (it waited behind others):
    ///   the action is then never run, as if it had not been sent;
    /// - `mayHaveRun: true` if the store had begun it (a middleware, such as a journal waiting
    ///   for its database, was still running it): the action may still complete after `send`
    ///   threw, so its outcome is unknown; a retry must be idempotent.
    ///
    /// An action the store runs at once, on this thread, returns its outcome without a timer.
    /// Cancellation behaves as in ``send(_:)``.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - timeout: How long to wait for the outcome; zero or less gives up at once on an action
    ///     that cannot run at once (it is then not run).
    /// - Returns: The state after the action.
    /// - Throws: What ``send(_:)`` throws, or `StoreError.deadlineExceeded(mayHaveRun:)`.
    @discardableResult
    public func send(_ action: Action, timeout: Duration) async throws(StoreError) -> State {
        guard accepting.load(ordering: .relaxed) else { throw StoreError.storeClosed }
        guard !Task.isCancelled else { throw StoreError.cancelled }
        let outcome = ActionOutcome<State>()
        enqueue(Pending(action: action, start: 0, outcome: outcome), entry: .outsideAwaiting)
        if let resolved = outcome.resolved { return try resolved.get() }
        // The timer ends the wait, not the action (an action begun runs to its end).
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            outcome.expire()
        }
        let result = await outcome.resultCancellingOnTaskCancel
        timer.cancel()
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
        enqueue(Pending(action: action, start: 0, outcome: outcome, group: group), entry: .outsideBlocking)
        return StoreTask(outcome: outcome, group: group)
    }
}
