extension IdentifiedArray: RandomAccessCollection, MutableCollection {
    /// Positions are `Int`s from 0.
    public typealias Index = Int
    /// The positions, as a range.
    public typealias Indices = Range<Int>

    /// The first position: 0.
    @inlinable public var startIndex: Int { 0 }

    /// The position after the last element: ``count``.
    @inlinable public var endIndex: Int { values.count }

    /// The number of elements: O(1).
    @inlinable public var count: Int { values.count }

    /// The positions, `0..<count`.
    @inlinable public var indices: Range<Int> { 0..<values.count }

    /// The element at `position`. Setting it replaces the element in place: the new element
    /// must have the same id (changing an element's id by position is a programming error).
    ///
    /// ```swift
    /// items[0].title = "First"
    /// ```
    ///
    /// - Parameter position: A position in `0..<count`.
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "IdentifiedArray: index \(position) out of 0..<\(count)")
            return values.element(at: position)
        }
        _modify {
            precondition(position >= 0 && position < count, "IdentifiedArray: index \(position) out of 0..<\(count)")
            let storage = values.storageForWriting(at: position)
            let id = storage[slot: position].id
            defer {
                let changed = storage[slot: position].id
                precondition(changed == id, "IdentifiedArray: the element at \(position) was changed from id \(id) to \(changed)")
            }
            yield &storage[slot: position]
        }
    }

    /// Exchanges the elements at two positions (and their positions by id).
    ///
    /// - Parameters:
    ///   - i: A position.
    ///   - j: Another position.
    /// - Complexity: O(1); O(n) while another version of the collection is held.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(i >= 0 && i < count && j >= 0 && j < count, "IdentifiedArray.swapAt: an index is out of 0..<\(count)")
        guard i != j else { return }
        let storage = values.uniqueStorage()
        storage.swapAt(i, j)
        positions[storage[slot: i].id] = i
        positions[storage[slot: j].id] = j
        structure = nextIdentifiedArrayStructure()
    }

    /// An iterator over the elements, in order.
    ///
    /// ```swift
    /// for todo in todos.items { print(todo.title) }
    /// ```
    ///
    /// - Returns: The iterator.
    /// - Complexity: O(n) to make (it copies the elements out once, under one lock: a loop that
    ///   changes the collection it iterates stays O(n)); then O(1) per element.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(elements: values.materialized)
    }

    /// Iterates an ``IdentifiedArray``'s elements in order (as they were when it was made, even
    /// if the collection changes meanwhile).
    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: ContiguousArray<Element>.Iterator

        @inlinable
        init(elements: ContiguousArray<Element>) {
            base = elements.makeIterator()
        }

        /// The next element, or nil after the last.
        ///
        /// - Returns: The element.
        @inlinable
        public mutating func next() -> Element? {
            base.next()
        }
    }
}

extension IdentifiedArray {
    /// Sorts the elements in place by `areInIncreasingOrder` (stable for equal elements is not
    /// promised, as `Array.sort(by:)`).
    ///
    /// - Parameter areInIncreasingOrder: Whether the first element goes before the second.
    /// - Throws: What `areInIncreasingOrder` throws (the order is then unchanged).
    /// - Complexity: O(n log n).
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        let unsorted = values.materialized
        var elements = unsorted
        try elements.sort(by: areInIncreasingOrder)
        guard !elements.elementsEqual(unsorted, by: { $0.id == $1.id }) else { return }
        rebuildAll(from: elements)
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in increasing order.
    ///
    /// - Complexity: O(n log n).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}
