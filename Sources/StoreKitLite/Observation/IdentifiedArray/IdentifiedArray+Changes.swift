extension IdentifiedArray {
    /// Whether two collections are the same storage (a copy nobody changed since): O(1).
    @inlinable
    func isIdentical(to other: Self) -> Bool {
        structure == other.structure && values.isIdentical(to: other.values)
    }

    /// How this collection differs from `old`, for a for-each scope: `.none` when no element
    /// changed, `.contents` with the changed elements when the ids are the same and in the same
    /// order (the same structure stamp), `.identifiers` when elements came, went or moved.
    ///
    /// - Complexity: O(changes between the versions) when the stamps match (the walk reads the
    ///   records the changes left, see `ElementVersion`), O(1) otherwise.
    @inlinable
    func elementChanges(since old: Self) -> ElementChanges<Element> {
        guard structure == old.structure,
            let changed = ElementVersion.changedPositions(from: old.values.version, to: values.version)
        else {
            return .identifiers
        }
        if changed.isEmpty { return .none }
        return .contents(changed.map { values.element(at: $0) })
    }
}
