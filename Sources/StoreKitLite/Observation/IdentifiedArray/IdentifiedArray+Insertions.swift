extension IdentifiedArray {
    /// Appends `element` unless an element with its id is already there.
    ///
    /// ```swift
    /// todos.items.append(Todo(id: 4, title: "Bread"))
    /// ```
    ///
    /// - Parameter element: The element.
    /// - Returns: Whether it was appended, and the position of the element with its id.
    /// - Complexity: O(1) amortized; O(n) while another version of the collection is held (the
    ///   elements and their positions are copied).
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let position = positions[element.id] { return (false, position) }
        let storage = values.uniqueStorage(minimumCapacity: values.count &+ 1)
        let position = storage.count
        storage.append(element)
        positions[element.id] = position
        structure = nextIdentifiedArrayStructure()
        return (true, position)
    }

    /// Appends the elements whose ids are not there yet, in order.
    ///
    /// - Parameter newElements: The elements.
    /// - Complexity: O(m) amortized for m elements.
    @inlinable
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    /// Inserts `element` at `index` unless an element with its id is already there.
    ///
    /// ```swift
    /// todos.items.insert(Todo(id: 5, title: "Eggs"), at: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - index: Its position, in `0...count`.
    /// - Returns: Whether it was inserted, and the position of the element with its id.
    /// - Complexity: O(n).
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        precondition(index >= 0 && index <= count, "IdentifiedArray.insert(_:at:): index \(index) out of 0...\(count)")
        if let position = positions[element.id] { return (false, position) }
        if index == count { return append(element) }
        values.uniqueStorage(minimumCapacity: values.count &+ 1).insert(element, at: index)
        renumber(from: index)
        structure = nextIdentifiedArrayStructure()
        return (true, index)
    }

    /// Replaces the element with `element`'s id, or appends `element` if there is none.
    ///
    /// ```swift
    /// todos.items.updateOrAppend(Todo(id: 4, title: "Brown bread"))
    /// ```
    ///
    /// - Parameter element: The element.
    /// - Returns: The element it replaced, or nil when it was appended.
    /// - Complexity: O(1) to replace; as ``append(_:)`` to append.
    @inlinable
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        guard let position = positions[element.id] else {
            append(element)
            return nil
        }
        let storage = values.storageForWriting(at: position)
        defer { storage.fill(position, with: element) }
        return storage.vacate(position)
    }

    /// Sets the positions of the ids of the elements from `start` on (after elements before
    /// them came or went).
    @inlinable
    mutating func renumber(from start: Int) {
        let storage = values.version.storage
        for position in start..<storage.count { positions[storage[slot: position].id] = position }
    }
}
