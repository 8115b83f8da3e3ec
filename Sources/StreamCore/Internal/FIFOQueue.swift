/// A first-in, first-out queue backed by one array; allocation-free once it has grown.
///
/// Used for events and operations that arrive while another thread (or an outer call on the same
/// thread) is delivering: they wait here and the delivering thread drains them in order.
///
/// A popped element leaves the storage at once (its slot becomes `nil`), so the caller owns the
/// only reference and releases it where it chooses: after unlocking. An element's `deinit` is
/// user code and must never run under the lock that guards the queue (Decision 0002); clearing
/// or compacting the storage only ever drops `nil` slots.
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline var storage: ContiguousArray<Element?> = []
    @usableFromInline var head = 0

    /// Creates an empty queue.
    @inlinable
    package init() {}

    /// Whether the queue holds nothing.
    @inlinable package var isEmpty: Bool { head == storage.count }

    /// The number of queued elements.
    @inlinable
    package var count: Int { storage.count - head }

    /// Adds an element at the back.
    @inlinable package mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the front element, or `nil` when empty. The queue keeps no reference
    /// to the returned element: release it after unlocking.
    @inlinable package mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            // A producer that never lets the queue run dry must not grow it forever.
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes and returns the first element that satisfies `predicate`, keeping the order of
    /// the others; `nil` if none does. O(its position): the elements before it move one slot
    /// back (a bounded queue dropping its oldest droppable element, usually the front).
    @inlinable
    package mutating func removeFirst(where predicate: (Element) -> Bool) -> Element? {
        var index = head
        while index < storage.count {
            if let element = storage[index], predicate(element) { break }
            index += 1
        }
        guard index < storage.count, let element = storage[index].take() else { return nil }
        var slot = index
        while slot > head {
            storage[slot] = storage[slot - 1].take()
            slot -= 1
        }
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }

    /// Removes everything and returns what was queued, so the caller can release it outside a lock.
    @inlinable
    package mutating func removeAll() -> ContiguousArray<Element> {
        var taken = ContiguousArray<Element>()
        taken.reserveCapacity(count)
        for index in head..<storage.count {
            if let element = storage[index].take() { taken.append(element) }
        }
        storage = []
        head = 0
        return taken
    }
}
