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

    /// `pending`: queued, not reduced yet (a cancellation still stops it); `running`: the role
    /// holder began running it (a cancellation no longer does); `resolved`: final.
    private enum Phase {
        case pending([Waiter])
        case running([Waiter])
        case resolved(Result)
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
            case .resolved:
                return []
            }
        }
        Self.resume(waiters, with: result)
    }

    /// Called by the role holder before it runs the action: `false` if the sender's task was
    /// cancelled first (the outcome is resolved as ``StoreError/cancelled``: skip the action);
    /// from then on a cancellation no longer stops it.
    @usableFromInline
    func begin() -> Bool {
        phase.withLock { phase in
            switch phase {
            case .pending(let waiters):
                phase = .running(waiters)
                return true
            case .running: return true
            case .resolved: return false
            }
        }
    }

    /// The sender's task was cancelled: resolves the outcome as ``StoreError/cancelled`` if the
    /// role holder has not begun running the action yet; otherwise nothing changes (the action's
    /// own outcome follows).
    func cancel() {
        let waiters: [Waiter] = phase.withLock { phase in
            guard case .pending(let waiters) = phase else { return [] }
            phase = .resolved(.failure(.cancelled))
            return waiters
        }
        Self.resume(waiters, with: .failure(.cancelled))
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
            case .resolved(let result): return result
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
                    case .resolved(let result): return result
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

    /// The outcome if it is resolved, without waiting.
    var resolved: Result? {
        phase.withLock { phase in
            if case .resolved(let result) = phase { return result }
            return nil
        }
    }
}
