public import Synchronization

/// The non-generic half of the subject engine: the lock, the delivery role and the observer
/// slots. See ``SubjectCore`` for the protocol; this part exists so that disposal (reached
/// through `any Disposable`, never specialized) runs without generic metadata lookups.
///
/// Specialisation of ``DeliveryRole``: *deliver now, slots owned by the role, compare-and-swap
/// in front*. The role's queue holds ``SubjectDeferred`` items, which are not generic: a disposal
/// during a delivery queues `.detach(node)` from this non-generic class, and a send or
/// registration queues `.operation`, whose payload (the event or the node to attach) waits in
/// ``SubjectCore``'s own queue in the same order. The subject is never sealed (a terminated
/// subject still registers observers, to give them its terminal event); ``SubjectCore/close()``
/// closes the role.
///
/// In front of the locked role sits `gate`, the store's device (Decision 0022): an element sent
/// while nobody holds the role takes it with one compare-and-swap (`idle` → `held`) and gives it
/// back with another (`held` → `idle`), without the mutex. Everything else goes through the
/// mutex, and first makes the locked role authoritative (``lockGate()``): a lock-free holder's
/// role is handed to the locked role (`held` → `locked`, so that the holder's lock-free give-back
/// fails and it drains the locked role's queue under the mutex), and an idle gate is closed
/// (`idle` → `locked`) while the mutex holder works on the slots. ``reopenGate()`` opens it again
/// when nobody holds the role; once the subject terminated (or was closed) it stays `locked`, so
/// the lock-free path never has to read `isTerminated`.
///
/// Guarding rules:
/// - `role`, `isTerminated` and `detachedWhileClosing` (and the subclass's pending payloads,
///   terminal event and latest element) are read and written only with `mutex` held.
/// - `slots` and `holes`, each registered node's `index` and `handler`, and the subclass's replay
///   buffer belong to the *delivery role*: the thread that holds it (taken lock-free through
///   `gate`, or under the mutex from the locked role) reads and changes them without the mutex
///   until it gives the role back; any other thread changes them only with the mutex held, the
///   gate `locked` and the locked role idle.
/// - `gate` changes from `idle` to `held` and back without the mutex (acquiring and releasing,
///   so that the role's fields pass from holder to holder); every other change of `gate` happens
///   with the mutex held.
@usableFromInline
package class SubjectCoreBase: @unchecked Sendable {
    // @unchecked Sendable: every mutable field follows the guarding rules above.
    @usableFromInline
    final let mutex = Lock(name: "SubjectCoreBase.mutex")
    /// Who delivers, and what waits for the holder. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    final var role = DeliveryRole<SubjectDeferred>()
    /// Who may take the role without the mutex (see the type's documentation). Lock-free from
    /// `idle` to `held` and back; every other change with the mutex held. `idle`: nobody holds
    /// the role, the subject has not terminated, and the locked role is idle with an empty queue,
    /// so an element sent now takes the role lock-free; `held`: a thread took the role lock-free
    /// and nothing was queued behind it, it gives the role back with a compare-and-swap;
    /// `locked`: the locked role says who delivers (a mutex holder is working on the slots,
    /// operations were queued behind a holder, or the subject terminated, then for good).
    @usableFromInline
    final let gate = Atomic<RoleGate>(.idle)
    /// A terminal event was accepted, or the core was closed; later sends are dropped, and the
    /// gate stays `locked`. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    final var isTerminated = false
    /// Nodes disposed while the role was closing (and those whose queued removal the close
    /// dropped): the holder, still walking the slots, releases them when it stops. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    final var detachedWhileClosing: [ObserverSlot] = []
    @exclusivity(unchecked)
    @usableFromInline
    final var slots = ContiguousArray<ObserverSlot?>()
    @exclusivity(unchecked)
    @usableFromInline
    final var holes = 0

    /// The slots' storage now (base address and count), for the delivery walk's debug check.
    @usableFromInline
    final var slotStorage: (base: UnsafeRawPointer?, count: Int) {
        slots.withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
    }

    @usableFromInline
    init() {}

    deinit {
        mutex.deallocate()
    }

    /// Adds a node at the end of the slots. Role holder, or mutex held and no role holder.
    @inlinable
    final func register(_ node: ObserverSlot) {
        node.index = slots.count
        slots.append(node)
    }

    /// Takes the node out of the slots. Same rule as ``register(_:)``. O(1) amortized: the last
    /// slot (with the holes before it) is removed, any other one becomes a hole, and the holes
    /// are compacted in place when they outnumber live observers.
    @usableFromInline
    final func unregister(_ node: ObserverSlot) {
        let index = node.index
        guard index >= 0, index < slots.count, slots[index] === node else { return }
        node.index = -1
        guard index == slots.count &- 1 else {
            slots[index] = nil
            holes += 1
            if holes > 16, holes * 2 > slots.count { compact() }
            return
        }
        // The newest observer leaves (subscribe-then-dispose churn): no hole at all.
        slots.removeLast()
        while holes > 0, case .some(.none) = slots.last {
            slots.removeLast()
            holes -= 1
        }
        shrinkIfSparse()
    }

    /// Removes the holes in place, keeping the order and the array's storage.
    @usableFromInline
    final func compact() {
        var kept = 0
        for position in slots.indices {
            guard let node = slots[position] else { continue }
            if position != kept { slots.swapAt(position, kept) }
            node.index = kept
            kept += 1
        }
        slots.removeLast(slots.count - kept)
        holes = 0
        shrinkIfSparse()
    }

    /// Gives back storage once the slots use under a quarter of it (a subject that had many
    /// observers and now has few). The quarter keeps growth and shrinking from alternating.
    @usableFromInline
    final func shrinkIfSparse() {
        guard slots.capacity > 64, slots.count * 4 < slots.capacity else { return }
        var smaller = ContiguousArray<ObserverSlot?>()
        smaller.reserveCapacity(slots.count)
        smaller.append(contentsOf: slots)
        slots = smaller
    }

    /// Takes the role lock-free if nobody holds it (`idle` → `held`); the caller then holds it
    /// and gives it back with ``giveBackLockFree()``. Any thread, mutex held or not.
    @inlinable @inline(__always)
    final func takeLockFree() -> Bool {
        gate.compareExchange(expected: .idle, desired: .held, ordering: .acquiring).exchanged
    }

    /// Gives back a role taken with ``takeLockFree()`` (`held` → `idle`); `false` if the role was
    /// handed to the locked role meanwhile (then the caller drains its queue under the mutex).
    @inlinable @inline(__always)
    final func giveBackLockFree() -> Bool {
        gate.compareExchange(expected: .held, desired: .idle, ordering: .releasing).exchanged
    }

    /// Makes the locked role the one that says who delivers: afterwards `gate` is `locked`, and
    /// `role` is `delivering` if a lock-free holder was delivering (it gives the role back under
    /// the mutex), or idle if nobody was (then the slots are the mutex holder's until
    /// ``reopenGate()``). Mutex held.
    @inlinable
    final func lockGate() {
        // The common case first: nobody holds the role.
        if gate.compareExchange(expected: .idle, desired: .locked, ordering: .acquiring).exchanged { return }
        while true {
            switch gate.load(ordering: .acquiring) {
            case .locked:
                return
            case .idle:
                // Given back meanwhile.
                if gate.compareExchange(expected: .idle, desired: .locked, ordering: .acquiring).exchanged { return }
            case .held:
                // Hand the lock-free holder's role to the locked role, which queues for it.
                if gate.compareExchange(expected: .held, desired: .locked, ordering: .acquiringAndReleasing).exchanged {
                    role = DeliveryRole(held: true)
                    return
                }
            }
        }
    }

    /// Opens the gate for lock-free sends again if nobody holds the role and the subject has not
    /// terminated. Mutex held, gate `locked`.
    @inlinable
    final func reopenGate() {
        if case .idle = role.phase, !isTerminated { gate.store(.idle, ordering: .releasing) }
    }

    /// Removes a disposed node: at once if nobody holds the role, else by the role holder.
    ///
    /// Never takes the delivery role itself: a disposal that took it lock-free would have to
    /// deliver whatever other threads sent meanwhile, without bound while a sender keeps sending
    /// (`ShareTests.concurrentObserversShareOneConnectionAtATime` starved that way). It edits the
    /// slots under the mutex with the gate `locked` instead.
    @usableFromInline
    final func remove(_ node: ObserverSlot) {
        mutex.unsafeLock()
        lockGate()
        switch role.phase {
        case .idle, .closed:
            // Nobody holds the role: the slots are ours under the mutex (after a close they are
            // empty and the node's index is -1, which `unregister` ignores).
            unregister(node)
            reopenGate()
            mutex.unsafeUnlock()
            // The node is out of the slots and nobody holds the role for it: releasing the
            // closure (which may run user deinit code) happens outside the lock.
            node.releaseHandler()
        case .delivering, .sealed:
            _ = role.enqueue(.detach(node))
            mutex.unsafeUnlock()
        case .closing:
            detachedWhileClosing.append(node)
            mutex.unsafeUnlock()
        }
    }

    /// Removes a node disposed during a delivery. Role holder, mutex not held.
    @usableFromInline
    final func detach(_ node: ObserverSlot) {
        unregister(node)
        node.releaseHandler()
    }

    /// The role holder learned that the role was closed: empties the slots and takes the nodes
    /// disposed meanwhile. Mutex held; release with ``end(_:detached:)`` after unlocking.
    @usableFromInline
    final func takeForClose() -> (ContiguousArray<ObserverSlot?>, [ObserverSlot]) {
        let detached = detachedWhileClosing
        detachedWhileClosing = []
        return (takeAllSlots(), detached)
    }

    /// Empties the slots and unregisters their nodes. Mutex held, and the role holder or no role
    /// holder.
    @usableFromInline
    final func takeAllSlots() -> ContiguousArray<ObserverSlot?> {
        let nodes = slots
        slots = []
        holes = 0
        for case let node? in nodes { node.index = -1 }
        return nodes
    }

    /// Ends nodes taken by ``takeAllSlots()`` without an event. A node disposed concurrently is
    /// released by its disposer (which won `markDisposed`), never twice.
    @usableFromInline
    final func end(_ nodes: ContiguousArray<ObserverSlot?>, detached: [ObserverSlot] = []) {
        for case let node? in nodes where node.markDisposed() {
            node.releaseHandler()
        }
        // Disposed while the role was closing: their disposers left them to the holder.
        for node in detached { node.releaseHandler() }
    }

    /// The number of registered observers (for tests and diagnostics); 0 while delivering.
    package final var observerCount: Int {
        mutex.unsafeLock()
        lockGate()
        let count = role.isHeld ? 0 : slots.count - holes
        reopenGate()
        mutex.unsafeUnlock()
        return count
    }
}

/// What waits for the subject's role holder (see ``SubjectCoreBase``).
@usableFromInline
package enum SubjectDeferred {
    /// A node disposed during a delivery: the holder takes it out of the slots.
    case detach(ObserverSlot)
    /// The next of ``SubjectCore``'s pending payloads (an event or a node to attach).
    case operation
}
