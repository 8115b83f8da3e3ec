/// One action sent with ``Store/sendTracked(_:)``: its outcome and the effects it started
/// (TCA's `StoreTask`).
///
/// ```swift
/// let task = store.sendTracked(.submit(order))
/// let state = try await task.state      // the state the action produced
/// await task.finish()                   // the effects it started (and their actions) are done
/// task.cancel()                         // or: stop whatever is still running
/// ```
///
/// The effects of an action are the effects its state starts in the store's attached effects,
/// those run with ``Store/run(_:)`` while it is handled, and, transitively, those started by the
/// actions that these effects send.
public struct StoreTask<State: Sendable>: Sendable {
    let outcome: ActionOutcome<State>
    let group: EffectGroup

    /// The state the action produced, once the store has processed it.
    ///
    /// - Throws: What ``Store/send(_:)`` throws for the action.
    public var state: State {
        get async throws(StoreError) {
            try await outcome.result.get()
        }
    }

    /// Returns when the action has been processed and every effect it started has finished (or
    /// was cancelled).
    ///
    /// Cancelling the task that awaits `finish()` cancels the effects the action started that are
    /// still running (TCA's `StoreTask.finish()`), and `finish()` returns without waiting for
    /// them, once the action itself is processed (it was accepted when ``Store/sendTracked(_:)``
    /// returned, and runs regardless).
    public func finish() async {
        _ = await outcome.result
        await group.settled()
        if Task.isCancelled { group.cancel() }
    }

    /// Cancels the effects the action started that are still running; they send nothing more.
    ///
    /// - Returns: A description of each cancelled effect (its name, and the action).
    @discardableResult
    public func cancel() -> [String] {
        group.cancel()
    }

    /// Whether the action has been processed and none of its effects is running.
    public var isFinished: Bool {
        outcome.resolved != nil && group.isSettled
    }

    /// The descriptions of the effects the action started that are still running.
    public var runningEffects: [String] {
        group.runningEffects
    }
}
