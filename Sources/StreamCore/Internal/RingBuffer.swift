/// A fixed-capacity buffer that keeps the most recent elements, oldest first.
@usableFromInline
package struct RingBuffer<Element> {
    @usableFromInline
    var storage: ContiguousArray<Element> = []
    @usableFromInline
    var start = 0
    /// The most elements kept; older ones are dropped.
    @usableFromInline
    package let capacity: Int

    /// Creates an empty buffer; a negative capacity is treated as zero.
    @inlinable
    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of elements held.
    @inlinable
    package var count: Int { storage.count }

    /// Adds an element; when full, takes the oldest one out and returns it, so that the caller
    /// releases it after unlocking (an element's `deinit` is user code, never run under a lock).
    @inlinable
    @discardableResult
    package mutating func append(_ element: Element) -> Element? {
        guard capacity > 0 else { return element }
        if storage.count < capacity {
            storage.append(element)
            return nil
        }
        let evicted = storage[start]
        storage[start] = element
        start = (start + 1) % capacity
        return evicted
    }

    /// The newest element, if any.
    @inlinable
    package var last: Element? {
        guard !storage.isEmpty else { return nil }
        return storage[(start + storage.count - 1) % storage.count]
    }

    /// The elements, oldest first.
    @inlinable
    package var elements: ContiguousArray<Element> {
        if start == 0 { return storage }
        var result = ContiguousArray<Element>()
        result.reserveCapacity(storage.count)
        result.append(contentsOf: storage[start...])
        result.append(contentsOf: storage[..<start])
        return result
    }

    /// Removes every element and returns them, so that the caller releases them after unlocking.
    @inlinable
    @discardableResult
    package mutating func removeAll() -> ContiguousArray<Element> {
        defer { storage = []; start = 0 }
        return storage
    }
}
