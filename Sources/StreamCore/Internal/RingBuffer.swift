/// A fixed-capacity buffer that keeps the most recent elements, oldest first.
package struct RingBuffer<Element> {
    private var storage: ContiguousArray<Element> = []
    private var start = 0
    /// The most elements kept; older ones are dropped.
    package let capacity: Int

    /// Creates an empty buffer; a negative capacity is treated as zero.
    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of elements held.
    package var count: Int { storage.count }

    /// Adds an element, dropping the oldest one when full.
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
    package var last: Element? {
        guard !storage.isEmpty else { return nil }
        return storage[(start + storage.count - 1) % storage.count]
    }

    /// The elements, oldest first.
    package var elements: ContiguousArray<Element> {
        if start == 0 { return storage }
        var result = ContiguousArray<Element>()
        result.reserveCapacity(storage.count)
        result.append(contentsOf: storage[start...])
        result.append(contentsOf: storage[..<start])
        return result
    }

    /// Drops every element.
    package mutating func removeAll() {
        storage.removeAll()
        start = 0
    }
}
