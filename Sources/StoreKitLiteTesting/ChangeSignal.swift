import Dispatch
import StreamCore

/// What a waiting `receive` or `finish` of a ``TestStore`` is woken by: an action fed back, an
/// action reduced and recorded, or an effect ending.
///
/// Each change bumps a generation and resumes the waiters registered while the generation was
/// older. A waiter reads the generation *before* checking its condition and suspends only if the
/// generation is still the one it read (both under this lock); so a change published between
/// its check and its suspension makes it re-check at once instead of being lost. The publisher
/// updates the state first and signals after, so a re-check always sees the change.
///
/// A suspended task is resumed by a change, by its wait's timeout (one timer per wait) or by its
/// cancellation; a blocked thread by a change or its deadline. A wait leaves nothing registered
/// when it returns.
final class ChangeSignal: Sendable {
    private enum Sleeper {
        case thread(DispatchSemaphore)
        case task(CheckedContinuation<Void, Never>)

        func wake() {
            switch self {
            case .thread(let semaphore): semaphore.signal()
            case .task(let continuation): continuation.resume()
            }
        }
    }

    /// One `wait` in progress.
    private struct Wait {
        /// Set while suspended or blocked.
        var sleeper: Sleeper?
        /// Its timeout passed or its task was cancelled: it never suspends again.
        var isExpired = false
    }

    private struct State {
        var generation: UInt64 = 0
        var nextID: UInt64 = 0
        var waits: [UInt64: Wait] = [:]
    }

    private let state = LockedState(State())

    /// The number of changes so far; read it before checking a condition.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// How many waits are in progress (zero once every wait has returned).
    var activeWaits: Int { state.withLock { $0.waits.count } }

    /// Publishes a change (after the state it concerns is updated): wakes every waiter.
    func signal() {
        let woken: [Sleeper] = state.withLock { state in
            state.generation &+= 1
            var woken: [Sleeper] = []
            for id in state.waits.keys {
                if let sleeper = state.waits[id]?.sleeper {
                    woken.append(sleeper)
                    state.waits[id]?.sleeper = nil
                }
            }
            return woken
        }
        for sleeper in woken { sleeper.wake() }
    }

    /// Blocks the calling thread until a change after `generation`, or `deadline`.
    func block(after generation: UInt64, until deadline: DispatchTime) {
        let semaphore = DispatchSemaphore(value: 0)
        let id: UInt64? = state.withLock { state in
            guard state.generation == generation else { return nil }
            state.nextID &+= 1
            state.waits[state.nextID] = Wait(sleeper: .thread(semaphore))
            return state.nextID
        }
        guard let id else { return }
        _ = semaphore.wait(timeout: deadline)
        // Woken or timed out: either way, nothing stays registered (a wake racing the timeout
        // signals a semaphore nobody waits on any more).
        end(id)
    }

    /// Starts a task's wait; pair with ``end(_:)``.
    func begin() -> UInt64 {
        state.withLock { state in
            state.nextID &+= 1
            state.waits[state.nextID] = Wait()
            return state.nextID
        }
    }

    /// Suspends until a change after `generation`, the wait's expiry, or the task's cancellation;
    /// returns at once if one of them already happened.
    func suspend(_ id: UInt64, after generation: UInt64) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now: Bool = state.withLock { state in
                    guard state.generation == generation, state.waits[id]?.isExpired == false else { return true }
                    state.waits[id]?.sleeper = .task(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            expire(id)
        }
    }

    /// Whether the wait's timeout passed or its task was cancelled.
    func isExpired(_ id: UInt64) -> Bool {
        state.withLock { $0.waits[id]?.isExpired ?? true }
    }

    /// Ends a wait early (its timeout, its task's cancellation): wakes it, and it never
    /// suspends again. Does nothing once the wait has ended.
    func expire(_ id: UInt64) {
        let sleeper: Sleeper? = state.withLock { state in
            guard state.waits[id] != nil else { return nil }
            state.waits[id]?.isExpired = true
            defer { state.waits[id]?.sleeper = nil }
            return state.waits[id]?.sleeper
        }
        sleeper?.wake()
    }

    /// Ends a wait begun with ``begin()``: nothing of it stays registered.
    func end(_ id: UInt64) {
        state.withLock { _ = $0.waits.removeValue(forKey: id) }
    }
}
