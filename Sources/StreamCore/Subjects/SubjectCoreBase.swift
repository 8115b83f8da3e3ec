/// The non-generic half of the subject engine: the lock, the delivery role and the observer
/// slots. See ``SubjectCore`` for the protocol; this part exists so that disposal (reached
/// through `any Disposable`, never specialized) runs without generic metadata lookups.
///
/// Specialisation of ``DeliveryRole``: *deliver now, slots owned by the role*. The role's queue
/// holds ``SubjectDeferred`` items, which are not generic: a disposal during a delivery queues
/// `.detach(node)` from this non-generic class, and a send or registration queues `.operation`,
/// whose payload (the event or the node to attach) waits in ``SubjectCore``'s own queue in the
/// same order. The subject is never sealed (a terminated subject still registers observers, to
/// give them its terminal event); ``SubjectCore/close()`` closes the role.
///
/// Guarding rules:
/// - `role` and `detachedWhileClosing` (and the subclass's pending payloads) are read and
///   written only with `mutex` held.
/// - `slots` and `holes`, and each registered node's `index` and `handler`, belong to the
///   *delivery role*: the thread that took the role under the mutex reads and changes them
///   without the mutex until it gives the role back (under the mutex); any other thread changes
///   them only with the mutex held while the role is idle.
@usableFromInline
package class SubjectCoreBase: @unchecked Sendable {
    // @unchecked Sendable: every mutable field follows the guarding rules above.
    @usableFromInline
    final let mutex = PThreadMutex()
    /// Who delivers, and what waits for the holder. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    final var role = DeliveryRole<SubjectDeferred>()
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

    /// Removes a disposed node: at once if nobody holds the role, else by the role holder.
    @usableFromInline
    final func remove(_ node: ObserverSlot) {
        mutex.lock()
        switch role.phase {
        case .idle, .closed:
            // Nobody holds the role: the slots are ours under the mutex (after a close they are
            // empty and the node's index is -1, which `unregister` ignores).
            unregister(node)
            mutex.unlock()
            // The node is out of the slots and nobody holds the role for it: releasing the
            // closure (which may run user deinit code) happens outside the lock.
            node.releaseHandler()
        case .delivering, .sealed:
            _ = role.enqueue(.detach(node))
            mutex.unlock()
        case .closing:
            detachedWhileClosing.append(node)
            mutex.unlock()
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
        mutex.withLock { role.isHeld ? 0 : slots.count - holes }
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
