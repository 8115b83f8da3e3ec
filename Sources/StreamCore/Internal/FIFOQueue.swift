/// A first-in, first-out queue backed by one array; allocation-free once it has grown.
///
/// Used for events and operations that arrive while another thread (or an outer call on the same
/// thread) is delivering: they wait here and the delivering thread drains them in order.
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline var storage: ContiguousArray<Element> = []
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

    /// Removes and returns the front element, or `nil` when empty.
    @inlinable package mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
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

    /// Removes everything and returns what was queued, so the caller can release it outside a lock.
    @inlinable
    package mutating func removeAll() -> ContiguousArray<Element> {
        defer { storage = []; head = 0 }
        return head == 0 ? storage : ContiguousArray(storage[head...])
    }
}
