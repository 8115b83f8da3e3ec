/// One version of an ``IdentifiedArray``'s elements (Baker's "shallow binding" of persistent
/// arrays): the newest version of a lineage reads its elements from the shared storage; an older
/// version holds the one element the next version changed, as it was, and the next version.
///
/// A change to element `i` through a version someone else still holds (an `ObservableStore`
/// showing the previous state while the store reduces the next action) costs O(1): a new newest
/// version, the superseded one recording element `i`, and the write in place; no element is
/// copied but `i`'s previous value. An older version's element is found by walking towards the
/// newest (O(changes since that version)), and the walk is also the record of which positions
/// changed between two versions (``changedPositions(from:to:)``). A version nobody else holds
/// changes in place, as an array does.
///
/// Only the newest version changes; changing an older version first copies its elements into
/// a lineage of its own (O(n), copy-on-write's usual cost).
@usableFromInline
final class ElementVersion<Element> {
    @usableFromInline let storage: _UnsafeElementStorage<Element>
    /// nil while this is the newest version; then the change that superseded it. Written once,
    /// under the storage's lock, and read under it.
    @exclusivity(unchecked)
    @usableFromInline var change: ElementChange<Element>?

    @inlinable
    init(storage: _UnsafeElementStorage<Element>) {
        self.storage = storage
    }

    deinit {
        // A long line of versions is released one by one, not by recursion: each version this
        // one alone holds gives up its change here, so that its own deinit has nothing to release.
        var next = takeChange()?.newer
        while var version = next.take() {
            guard isKnownUniquelyReferenced(&version) else { break }
            next = version.takeChange()?.newer
        }
    }

    /// Removes and returns the change (a version being released: nobody else holds it; the
    /// lock orders this read after the write).
    @inlinable
    func takeChange() -> ElementChange<Element>? {
        storage.lock.unsafeLock()
        let taken = change
        change = nil
        storage.lock.unsafeUnlock()
        return taken
    }

    /// The element at `position` in this version. Under the lock.
    @inlinable
    func elementLocked(at position: Int) -> Element {
        var version = self
        while let change = version.change {
            if change.position == position { return change.element }
            version = change.newer
        }
        return storage[slot: position]
    }
}

/// What the version after an ``ElementVersion`` changed: the element at `position` as it is in
/// that version (a class of its own, so that a version holds one optional reference, released
/// without looking up any generic type at run time).
@usableFromInline
final class ElementChange<Element> {
    @usableFromInline let position: Int
    @usableFromInline let element: Element
    @usableFromInline let newer: ElementVersion<Element>

    @inlinable
    init(position: Int, element: Element, newer: ElementVersion<Element>) {
        self.position = position
        self.element = element
        self.newer = newer
    }
}

extension ElementVersion {
    /// The elements of this version, in order: O(n + changes since this version).
    @inlinable
    func materialize() -> ContiguousArray<Element> {
        storage.lock.unsafeLock()
        defer { storage.lock.unsafeUnlock() }
        var elements = storage.copyElements()
        // The changes on the way to the newest version, applied newest first, so that the one
        // nearest this version (its own value) is applied last.
        var changes: [(position: Int, element: Element)] = []
        var version = self
        while let change = version.change {
            changes.append((change.position, change.element))
            version = change.newer
        }
        for change in changes.reversed() { elements[change.position] = change.element }
        return elements
    }

    /// The positions whose elements differ between two versions of one lineage, each once, in
    /// increasing order; nil when they are not of one lineage.
    ///
    /// - Complexity: O(changes between them).
    @inlinable
    static func changedPositions(from old: ElementVersion, to new: ElementVersion) -> [Int]? {
        if old === new { return [] }
        guard old.storage === new.storage else { return nil }
        old.storage.lock.unsafeLock()
        defer { old.storage.lock.unsafeUnlock() }
        // Versions of one lineage form one line towards the newest: one of the two is on the
        // other's way (usually the new one on the old one's).
        guard var positions = positions(from: old, until: new) ?? positions(from: new, until: old) else { return nil }
        if positions.count > 1 {
            positions.sort()
            var unique = 1
            for index in 1..<positions.count where positions[index] != positions[unique &- 1] {
                positions[unique] = positions[index]
                unique &+= 1
            }
            positions.removeLast(positions.count &- unique)
        }
        return positions
    }

    /// The positions changed on the way from `start` to `end`, or nil if `end` is not on it.
    /// Under the lock.
    @inlinable
    static func positions(from start: ElementVersion, until end: ElementVersion) -> [Int]? {
        var positions: [Int] = []
        var version = start
        while version !== end {
            guard let change = version.change else { return nil }
            positions.append(change.position)
            version = change.newer
        }
        return positions
    }
}

// @unchecked Sendable: `change` is written once (nil to a value), under the storage's lock, and
// read under it (see `_UnsafeElementStorage`).
extension ElementVersion: @unchecked Sendable where Element: Sendable {}
extension ElementChange: Sendable where Element: Sendable {}
