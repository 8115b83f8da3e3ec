/// How a for-each scope compares the collection it shows with a new one: whether they are the
/// same storage (O(1)), and what changed.
@usableFromInline
struct CollectionDiffer<Elements: RandomAccessCollection> where Elements.Element: Identifiable {
    @usableFromInline let isIdentical: (Elements, Elements) -> Bool
    @usableFromInline let changes: (_ old: Elements, _ new: Elements) -> ElementChanges<Elements.Element>

    @inlinable
    init(
        isIdentical: @escaping (Elements, Elements) -> Bool,
        changes: @escaping (_ old: Elements, _ new: Elements) -> ElementChanges<Elements.Element>
    ) {
        self.isIdentical = isIdentical
        self.changes = changes
    }

    /// Any random-access collection: storage identity, then a byte scan of contiguous storage
    /// (see `elementChanges(from:to:)`).
    @inlinable
    static var scanning: Self {
        Self(isIdentical: sharesStorage, changes: elementChanges(from:to:))
    }
}
