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

    /// Adds an element, dropping the oldest one when full.
    @inlinable
    package mutating func append(_ element: Element) {
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
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

    /// Drops every element.
    @inlinable
    package mutating func removeAll() {
        storage.removeAll()
        start = 0
    }
}
