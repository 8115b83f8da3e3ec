/// The outcome of one sent action, resolved once by the store: the state the action produced,
/// or the `StoreError` that stopped it. Any number of tasks may await it.
@usableFromInline
final class ActionOutcome<State: Sendable>: Sendable {
    @usableFromInline
    typealias Result = Swift.Result<State, StoreError>

    /// Who waits: a suspended task, or a callback (the test store's synchronous wait).
    private enum Waiter: Sendable {
        case task(CheckedContinuation<Result, Never>)
        case callback(@Sendable (Result) -> Void)
    }

    /// `pending`: queued, not begun yet (a cancellation or a deadline still stops it);
    /// `running`: the role holder began running it (a cancellation no longer does; a deadline
    /// only stops the waiting); `resolved`: final; `abandoned`: final before the action began
    /// (cancelled, or past its deadline), so the role holder skips the action.
    private enum Phase {
        case pending([Waiter])
        case running([Waiter])
        case resolved(Result)
        case abandoned(Result)
    }

    private let phase = LockedState(Phase.pending([]))

    @usableFromInline
    init() {}

    /// Resolves the outcome (the first call wins) and resumes the waiting tasks, outside the lock.
    @usableFromInline
    func resolve(_ result: Result) {
        let waiters: [Waiter] = phase.withLock { phase in
            switch phase {
            case .pending(let waiters), .running(let waiters):
                phase = .resolved(result)
                return waiters
            case .resolved, .abandoned:
                return []
            }
        }
        Self.resume(waiters, with: result)
    }

    /// Called by the role holder before it runs the action (and again when a held action
    /// resumes): `false` if the sender's task was cancelled or its deadline passed first (skip
    /// the action); from then on neither stops it.
    @usableFromInline
    func begin() -> Bool {
        phase.withLock { phase in
            switch phase {
            case .pending(let waiters):
                phase = .running(waiters)
                return true
            case .running, .resolved: return true
            case .abandoned: return false
            }
        }
    }

    /// The sender's task was cancelled: resolves the outcome as ``StoreError/cancelled`` if the
    /// role holder has not begun running the action yet; otherwise nothing changes (the action's
    /// own outcome follows).
    func cancel() {
        let waiters: [Waiter] = phase.withLock { phase in
            guard case .pending(let waiters) = phase else { return [] }
            phase = .abandoned(.failure(.cancelled))
            return waiters
        }
        Self.resume(waiters, with: .failure(.cancelled))
    }

    /// The sender's deadline passed: the outcome becomes ``StoreError/deadlineExceeded(mayHaveRun:)``,
    /// and the action is skipped if the role holder has not begun it yet (`mayHaveRun: false`);
    /// once begun it runs to its end regardless (`mayHaveRun: true`: the sender cannot know).
    func expire() {
        let (waiters, result): ([Waiter], Result) = phase.withLock { phase in
            switch phase {
            case .pending(let waiters):
                let result = Result.failure(.deadlineExceeded(mayHaveRun: false))
                phase = .abandoned(result)
                return (waiters, result)
            case .running(let waiters):
                let result = Result.failure(.deadlineExceeded(mayHaveRun: true))
                phase = .resolved(result)
                return (waiters, result)
            case .resolved(let result), .abandoned(let result):
                return ([], result)
            }
        }
        Self.resume(waiters, with: result)
    }

    private static func resume(_ waiters: [Waiter], with result: Result) {
        for waiter in waiters {
            switch waiter {
            case .task(let continuation): continuation.resume(returning: result)
            case .callback(let body): body(result)
            }
        }
    }

    /// Calls `body` with the outcome once resolved: at once (on this thread) if it already is,
    /// otherwise on the thread that resolves it, outside the lock.
    func whenResolved(_ body: @escaping @Sendable (Result) -> Void) {
        let resolved: Result? = phase.withLock { phase in
            switch phase {
            case .resolved(let result), .abandoned(let result): return result
            case .pending(var waiters):
                phase = .pending([])  // keep the array uniquely referenced while appending
                waiters.append(.callback(body))
                phase = .pending(waiters)
                return nil
            case .running(var waiters):
                phase = .running([])
                waiters.append(.callback(body))
                phase = .running(waiters)
                return nil
            }
        }
        if let resolved { body(resolved) }
    }

    /// The outcome, once resolved. Never blocks a thread: the task is suspended until then.
    var result: Result {
        get async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
                let resolved: Result? = phase.withLock { phase in
                    switch phase {
                    case .resolved(let result), .abandoned(let result): return result
                    case .pending(var waiters):
                        phase = .pending([])  // keep the array uniquely referenced while appending
                        waiters.append(.task(continuation))
                        phase = .pending(waiters)
                        return nil
                    case .running(var waiters):
                        phase = .running([])
                        waiters.append(.task(continuation))
                        phase = .running(waiters)
                        return nil
                    }
                }
                if let resolved { continuation.resume(returning: resolved) }
            }
        }
    }

    /// The outcome, once resolved; a cancellation of the waiting task first ``cancel()``s it (the
    /// action is skipped if it has not begun, else its own outcome follows).
    var resultCancellingOnTaskCancel: Result {
        get async {
            await withTaskCancellationHandler {
                await result
            } onCancel: {
                cancel()
            }
        }
    }

    /// The outcome if it is resolved, without waiting.
    var resolved: Result? {
        phase.withLock { phase in
            switch phase {
            case .resolved(let result), .abandoned(let result): return result
            case .pending, .running: return nil
            }
        }
    }
}
