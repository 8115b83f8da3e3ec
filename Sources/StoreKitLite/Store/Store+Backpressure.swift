import Dispatch
import Foundation
import StreamCore

/// An outside action that found a `.suspend` queue full, waiting in line for room; for a
/// `dispatch`, with the semaphore its thread blocks on until the holder admits the action.
@usableFromInline
final class ActionWaiter<Pending>: Sendable {
    // Sendable: `pending` is immutable and only handed between threads through the store's
    // lock (the line it waits in); the semaphore is thread-safe.
    @usableFromInline
    nonisolated(unsafe) let pending: Pending
    private let admitted: DispatchSemaphore?

    init(_ pending: Pending, blocking: Bool) {
        self.pending = pending
        admitted = blocking ? DispatchSemaphore(value: 0) : nil
    }

    /// The holder queued the action: a blocked producer returns. Called outside the lock.
    @usableFromInline
    func admit() {
        admitted?.signal()
    }

    /// Blocks the calling thread until ``admit()``.
    @usableFromInline
    func waitUntilAdmitted() {
        admitted?.wait()
    }
}

extension Store {
    /// Returns once the store is idle: no action is queued or running, so every action queued
    /// before the call has run, with what its middleware, observers and effects queued meanwhile
    /// (effects still running may send more later: see ``effectsSettled()``). At once if the
    /// store is idle.
    ///
    /// ```swift
    /// // Threads dispatched; wait for the store to have run what they queued.
    /// for thread in producers { thread.join() }
    /// await store.drained()
    /// #expect(store.state.count == 8 * perThread)
    /// ```
    ///
    /// A `dispatch` that takes the dispatch role runs its own action before it returns, but
    /// hands other threads' actions to a background drain after a fair share of them, so after
    /// other threads' `dispatch` calls returned, their actions may still be queued: this waits
    /// for them. While other threads keep dispatching, the store is not idle and this keeps
    /// waiting: call it once the producers stopped (or after ``close()``). Never blocks a
    /// thread.
    public func drained() async {
        let done = ActionOutcome<Void>()
        let waits: Bool = lockedLine.withLock { line in
            while true {
                let word = gate.load(ordering: .acquiring)
                switch word & Self.stateBits {
                case 0:
                    return false
                case Self.heldBit:
                    // The holder runs one action and nothing is queued: make it come to the lock
                    // when it is done, where it opens the barrier.
                    let locked = (word & ~Self.stateBits) | Self.lockedBit
                    if gate.compareExchange(expected: word, desired: locked, ordering: .acquiringAndReleasing).exchanged {
                        line.role = DeliveryRole(held: true)
                    }
                default:
                    line.drainWaiters.append(done)
                    return true
                }
            }
        }
        guard waits else { return }
        _ = await done.result
    }

    /// An outside action found a bounded queue full: applies the policy's overflow rule. Under
    /// the lock; the returned admission is carried out after unlocking.
    @usableFromInline
    func overflow(_ action: Pending, entry: Entry, line: inout DispatchLine) -> Admission {
        guard case .bounded(_, let whenFull) = queuePolicy else {
            return line.append(action).map(Admission.run) ?? .queued
        }
        switch whenFull {
        case .fail:
            return .refused(action)
        case .dropOldest:
            guard let oldest = line.role.removeOldestQueued(where: { $0.bounded }) else {
                return line.append(action).map(Admission.run) ?? .queued
            }
            line.boundedCount &-= 1
            if let action = line.append(action) { return .run(action) }
            return .refused(oldest)
        case .suspend:
            let waiter = ActionWaiter(action, blocking: entry == .outsideBlocking)
            line.waiting.append(waiter)
            return entry == .outsideBlocking ? .wait(waiter) : .queued
        }
    }

    /// The holder ran its fair share: a thread of its own takes the role (`gate` `locked`,
    /// holder 0 until it starts) and drains the queue to its end. The store lives until it has.
    ///
    /// A thread, not a global dispatch queue: the drain runs user code (middleware, reducers,
    /// observers), which may block, and on Linux the global queues' workers are the ones Swift
    /// concurrency's cooperative pool runs on.
    @usableFromInline
    func startBackgroundDrain() {
        let thread = Thread { [self] in
            let me = ThreadIdentity.current &<< 2
            lockedLine.withLock { _ in gate.store(me | Self.lockedBit, ordering: .relaxed) }
            drain(fairShare: .max)
        }
        thread.name = "ReactiveToolkit.Store.drain"
        thread.start()
    }
}
