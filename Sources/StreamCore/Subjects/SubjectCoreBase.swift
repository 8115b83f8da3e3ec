/// The non-generic half of the subject engine: the lock, the delivery role and the observer
/// slots. See ``SubjectCore`` for the protocol; this part exists so that disposal (reached
/// through `any Disposable`, never specialized) runs without generic metadata lookups.
///
/// Guarding rules:
/// - `isDelivering` and `pendingDetach` (and the subclass's pending operations) are read and
///   written only with `mutex` held.
/// - `slots` and `holes`, and each registered node's `index` and `handler`, belong to the
///   *delivery role*: the thread that set `isDelivering` under the mutex reads and changes them
///   without the mutex until it clears `isDelivering` (under the mutex); any other thread
///   changes them only with the mutex held while `isDelivering` is false.
@usableFromInline
package class SubjectCoreBase: @unchecked Sendable {
    // @unchecked Sendable: every mutable field follows the guarding rules above.
    @usableFromInline
    final let mutex = PThreadMutex()
    @exclusivity(unchecked)
    @usableFromInline
    final var isDelivering = false
    /// Nodes disposed during a delivery, for the role holder to remove.
    @exclusivity(unchecked)
    @usableFromInline
    final var pendingDetach: [ObserverSlot] = []
    /// ``close()`` was called during a delivery; the role holder closes before going on. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    final var closeRequested = false
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

    /// Clears the node's slot. Same rule as ``register(_:)``. O(1) amortized.
    @usableFromInline
    final func unregister(_ node: ObserverSlot) {
        let index = node.index
        guard index >= 0, index < slots.count, slots[index] === node else { return }
        slots[index] = nil
        node.index = -1
        holes += 1
        if holes > 16, holes * 2 > slots.count { compact() }
    }

    /// Removes the holes, keeping the order.
    @usableFromInline
    final func compact() {
        var kept = ContiguousArray<ObserverSlot?>()
        kept.reserveCapacity(slots.count - holes)
        for case let node? in slots {
            node.index = kept.count
            kept.append(node)
        }
        slots = kept
        holes = 0
    }

    /// Removes a disposed node: at once if nobody is delivering, else by the role holder.
    @usableFromInline
    final func remove(_ node: ObserverSlot) {
        mutex.lock()
        if isDelivering {
            pendingDetach.append(node)
            mutex.unlock()
            return
        }
        unregister(node)
        mutex.unlock()
        // The node is out of the slots and nobody holds the role for it: releasing the closure
        // (which may run user deinit code) happens outside the lock.
        node.releaseHandler()
    }

    /// Takes the nodes disposed during the delivery. Mutex held, role holder.
    @inlinable
    final func takePendingDetach() -> [ObserverSlot] {
        if pendingDetach.isEmpty { return [] }
        defer { pendingDetach = [] }
        return pendingDetach
    }

    /// Removes nodes disposed during a delivery. Role holder, mutex not held.
    @usableFromInline
    final func detach(_ nodes: [ObserverSlot]) {
        for node in nodes {
            unregister(node)
            node.releaseHandler()
        }
    }

    /// Ends every registered observer without an event (the owning subject is going away, or a
    /// shared selection stopped). Safe from any thread, during a delivery too (from an observer
    /// or another thread): then the role holder closes as soon as the event it is delivering has
    /// reached every observer, before anything queued after it.
    package final func close() {
        mutex.lock()
        if isDelivering {
            closeRequested = true
            mutex.unlock()
            return
        }
        let nodes = takeAllSlots()
        mutex.unlock()
        end(nodes)
    }

    /// Empties the slots and unregisters their nodes. Mutex held, and the role holder or no role
    /// holder.
    @usableFromInline
    final func takeAllSlots() -> ContiguousArray<ObserverSlot?> {
        closeRequested = false
        let nodes = slots
        slots = []
        holes = 0
        for case let node? in nodes { node.index = -1 }
        return nodes
    }

    /// Ends nodes taken by ``takeAllSlots()`` without an event. A node disposed concurrently is
    /// released by its disposer (which won `markDisposed`), never twice.
    @usableFromInline
    final func end(_ nodes: ContiguousArray<ObserverSlot?>) {
        for case let node? in nodes where node.markDisposed() {
            node.releaseHandler()
        }
    }

    /// The number of registered observers (for tests and diagnostics); 0 while delivering.
    package final var observerCount: Int {
        mutex.withLock { isDelivering ? 0 : slots.count - holes }
    }
}
