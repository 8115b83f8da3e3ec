extension IdentifiedArray {
    /// The ids of an ``IdentifiedArray``, in its elements' order (TCA's `ids`).
    ///
    /// ```swift
    /// let first = todos.items.ids.first
    /// let known = todos.items.ids.contains(id)   // O(1)
    /// ```
    public struct IDs: RandomAccessCollection {
        @usableFromInline let base: IdentifiedArray

        @inlinable
        init(base: IdentifiedArray) {
            self.base = base
        }

        /// The first position: 0.
        @inlinable public var startIndex: Int { 0 }

        /// The number of ids.
        @inlinable public var endIndex: Int { base.count }

        /// The id of the element at `position`.
        ///
        /// - Parameter position: A position in `0..<count`.
        @inlinable
        public subscript(position: Int) -> ID {
            base[position].id
        }

        /// An iterator over the ids, in order.
        ///
        /// - Returns: The iterator.
        @inlinable
        public func makeIterator() -> IndexingIterator<[ID]> {
            base.values.materialized.map(\.id).makeIterator()
        }

        /// Whether `id` is one of the ids: O(1).
        ///
        /// - Parameter id: The id.
        /// - Returns: Whether an element has it.
        @inlinable
        public func contains(_ id: ID) -> Bool {
            base.positions[id] != nil
        }
    }
}

extension IdentifiedArray.IDs: Sendable where Element: Sendable, ID: Sendable {}
