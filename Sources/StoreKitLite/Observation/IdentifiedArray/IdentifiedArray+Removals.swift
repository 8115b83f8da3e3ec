public import Foundation

extension IdentifiedArray {
    /// Removes and returns the element at `index`.
    ///
    /// - Parameter index: A position in `0..<count`.
    /// - Returns: The removed element.
    /// - Complexity: O(n).
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "IdentifiedArray.remove(at:): index \(index) out of 0..<\(count)")
        let element = values.uniqueStorage().remove(at: index)
        removePosition(of: element.id, at: index)
        return element
    }

    /// Removes the elements that satisfy `shouldBeRemoved`, keeping the others in order.
    ///
    /// ```swift
    /// todos.items.removeAll { $0.isDone }
    /// ```
    ///
    /// - Parameter shouldBeRemoved: Whether to remove an element.
    /// - Throws: What `shouldBeRemoved` throws (nothing is removed then).
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        let elements = values.materialized
        var kept = ContiguousArray<Element>()
        kept.reserveCapacity(elements.count)
        for element in elements where try !shouldBeRemoved(element) { kept.append(element) }
        guard kept.count != elements.count else { return }
        rebuildAll(from: kept)
    }

    /// Removes every element.
    ///
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll() {
        guard !isEmpty else { return }
        rebuildAll(from: [])
    }

    /// Removes the elements at `offsets` (SwiftUI's `onDelete`).
    ///
    /// ```swift
    /// .onDelete { offsets in store.send(.delete(offsets)) }   // items.remove(atOffsets: offsets)
    /// ```
    ///
    /// - Parameter offsets: Positions in `0..<count`.
    /// - Complexity: O(n).
    @inlinable
    public mutating func remove(atOffsets offsets: IndexSet) {
        guard !offsets.isEmpty else { return }
        precondition(offsets.allSatisfy { $0 >= 0 && $0 < count }, "IdentifiedArray.remove(atOffsets:): an offset is out of 0..<\(count)")
        var kept = ContiguousArray<Element>()
        kept.reserveCapacity(count)
        for (offset, element) in values.materialized.enumerated() where !offsets.contains(offset) { kept.append(element) }
        rebuildAll(from: kept)
    }

    /// Moves the elements at `source` (in their order) to just before the element at
    /// `destination` (SwiftUI's `onMove`; `destination` is a position before the move, in
    /// `0...count`).
    ///
    /// ```swift
    /// items.move(fromOffsets: [0], toOffset: 3)   // [a, b, c, d] → [b, c, a, d]
    /// ```
    ///
    /// - Parameters:
    ///   - source: The positions of the elements to move.
    ///   - destination: Where they go.
    /// - Complexity: O(n).
    @inlinable
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        precondition(destination >= 0 && destination <= count, "IdentifiedArray.move: destination \(destination) out of 0...\(count)")
        precondition(source.allSatisfy { $0 >= 0 && $0 < count }, "IdentifiedArray.move: an offset is out of 0..<\(count)")
        let elements = values.materialized
        var before = ContiguousArray<Element>()
        var moved = ContiguousArray<Element>()
        var after = ContiguousArray<Element>()
        before.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            if source.contains(offset) {
                moved.append(element)
            } else if offset < destination {
                before.append(element)
            } else {
                after.append(element)
            }
        }
        before.append(contentsOf: moved)
        before.append(contentsOf: after)
        guard !before.elementsEqual(elements, by: { $0.id == $1.id }) else { return }
        rebuildAll(from: before)
    }

    /// Forgets the position of `id`, whose element was at `position` and is gone, and moves the
    /// positions of the elements after it.
    @inlinable
    mutating func removePosition(of id: ID, at position: Int) {
        positions[id] = nil
        renumber(from: position)
        structure = nextIdentifiedArrayStructure()
    }

    /// Replaces all the elements with `elements` (ids unique) and their positions.
    @inlinable
    mutating func rebuildAll(from elements: ContiguousArray<Element>) {
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() { positions[element.id] = position }
        self.positions = positions
        values = VersionedElements(elements)
        structure = nextIdentifiedArrayStructure()
    }
}
