public import StreamCore
public import Synchronization

extension Store {
    /// How an action enters the store, for a bounded queue (``ActionQueuePolicy``).
    @usableFromInline
    enum Entry {
        /// The store's own work (a middleware's `next`, an effect's action, a held action's
        /// release, a replicated action): never refused, dropped or delayed by the bound.
        case inside
        /// From outside, by a caller that returns at once (`dispatch`, `sendTracked`): it blocks
        /// its thread while a `.suspend` queue is full.
        case outsideBlocking
        /// From outside, by a caller that awaits the outcome (`send`): it waits in line while a
        /// `.suspend` queue is full, without blocking a thread.
        case outsideAwaiting
    }

    /// What the locked dispatch role guards: the role and its queue, and a bounded queue's
    /// count and waiting line.
    @usableFromInline
    struct DispatchLine {
        /// Who holds the role, and the actions queued behind the holder.
        @usableFromInline var role = DeliveryRole<Pending>()
        /// The queued actions whose `bounded` is set (a bounded policy's fill level).
        @usableFromInline var boundedCount = 0
        /// Outside actions that found a `.suspend` queue full, in arrival order.
        @usableFromInline var waiting = FIFOQueue<ActionWaiter<Pending>>()
        /// ``Store/drained()`` callers, waiting for the queue to run dry.
        @usableFromInline var drainWaiters = ContiguousArray<ActionOutcome<Void>>()

        @inlinable
        init() {}

        /// Queues an action for the holder, counting a bounded one.
        @inlinable
        mutating func append(_ pending: Pending) -> Pending? {
            if pending.bounded { boundedCount &+= 1 }
            switch role.enqueue(pending) {
            case .queued: return nil
            // Not reached (`locked` means the locked role is held, and it is never closed); run
            // the action rather than lose it.
            case .deliverNow(let pending), .dropped(let pending):
                if pending.bounded { boundedCount &-= 1 }
                return pending
            }
        }
    }

    /// What a thread that could not take the role lock-free does after unlocking.
    @usableFromInline
    enum Admission {
        /// It took the role after all: run the action, then release.
        case run(Pending)
        /// The holder runs the action.
        case queued
        /// The bound refused this action, or dropped this older one: resolve it as `queueFull`.
        case refused(Pending)
        /// The queue is full: block until the holder admits the action (`dispatch`).
        case wait(ActionWaiter<Pending>)
    }

    /// What the holder does next, decided under the lock.
    @usableFromInline
    enum DrainStep {
        /// Run this action (and wake the producer a `.suspend` queue just admitted, if any).
        case run(Pending, admitted: ActionWaiter<Pending>?)
        /// The queue is empty: the role was given back (wake the ``drained()`` callers).
        case idle(drainWaiters: ContiguousArray<ActionOutcome<Void>>)
        /// The holder ran its fair share of other threads' actions: a background drain takes
        /// the role and the rest of the queue.
        case handOff
    }

    /// ``enqueue(_:entry:)``'s slow path, under the lock.
    @inlinable
    func enqueueBehindHolder(_ action: Pending, me: UInt, entry: Entry) {
        // Run by another thread, it needs its sender's dependencies.
        var action = action
        if action.dependencies == nil { action.dependencies = DependencyScope.queued }
        let admission: Admission = lockedLine.withLock { line in
            while true {
                let word = gate.load(ordering: .acquiring)
                switch word & Self.stateBits {
                case 0:
                    // Given back meanwhile: take it lock-free after all.
                    if gate.compareExchange(expected: 0, desired: me | Self.heldBit, ordering: .acquiring).exchanged {
                        return .run(action)
                    }
                case Self.heldBit:
                    // Hand the holder's role to the locked role, which queues for it.
                    let locked = (word & ~Self.stateBits) | Self.lockedBit
                    if gate.compareExchange(expected: word, desired: locked, ordering: .acquiringAndReleasing).exchanged {
                        line.role = DeliveryRole(held: true)
                    }
                default:
                    var action = action
                    action.foreign = word & ~Self.stateBits != me
                    if action.foreign, entry != .inside, let capacity = queuePolicy.capacity {
                        action.bounded = true
                        if line.boundedCount >= capacity || !line.waiting.isEmpty {
                            return overflow(action, entry: entry, line: &line)
                        }
                    }
                    if let action = line.append(action) { return .run(action) }
                    return .queued
                }
            }
        }
        switch admission {
        case .queued: return
        case .run(let action):
            process(action)
            release(me)
        case .refused(let action): finish(action, .failure(.queueFull))
        case .wait(let waiter): waiter.waitUntilAdmitted()
        }
    }

    /// Gives the role back, first running what was queued meanwhile, in order. Role holder.
    @inlinable
    func release(_ me: UInt) {
        if gate.compareExchange(expected: me | Self.heldBit, desired: 0, ordering: .releasing).exchanged {
            return
        }
        drain(fairShare: Self.fairShare)
    }

    /// Runs queued actions in order, then gives the role back; after `fairShare` actions other
    /// threads queued, hands the role and the rest of the queue to a background drain instead.
    /// Role holder, `gate` `locked`.
    @usableFromInline
    func drain(fairShare: Int) {
        var share = fairShare
        while true {
            let step: DrainStep = lockedLine.withLock { line in
                if share <= 0, line.role.queuedCount > 0 {
                    gate.store(Self.lockedBit, ordering: .releasing)  // locked, held by nobody yet
                    return .handOff
                }
                guard case .deliver(let next) = line.role.next() else {
                    // `idle` (never `stop`: the role is never closed): give it back to the fast path.
                    gate.store(0, ordering: .releasing)
                    let waiters = line.drainWaiters
                    line.drainWaiters = []
                    return .idle(drainWaiters: waiters)
                }
                var admitted: ActionWaiter<Pending>?
                if next.bounded {
                    line.boundedCount &-= 1
                    if let capacity = queuePolicy.capacity, line.boundedCount < capacity,
                        let waiter = line.waiting.popFirst()
                    {
                        _ = line.append(waiter.pending)  // the role is held: always queued
                        admitted = waiter
                    }
                }
                return .run(next, admitted: admitted)
            }
            switch step {
            case .run(let next, let admitted):
                admitted?.admit()
                if next.foreign { share &-= 1 }
                process(next)
            case .idle(let waiters):
                for waiter in waiters { waiter.resolve(.success(())) }
                return
            case .handOff:
                startBackgroundDrain()
                return
            }
        }
    }
}
