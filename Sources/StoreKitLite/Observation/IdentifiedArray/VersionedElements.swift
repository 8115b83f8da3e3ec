/// The elements an ``IdentifiedArray`` holds: a handle to one ``ElementVersion``, with the
/// copy-on-write operations that keep the other versions intact.
@usableFromInline
struct VersionedElements<Element> {
    @usableFromInline var version: ElementVersion<Element>

    /// A new lineage holding `elements`.
    @inlinable
    init(_ elements: ContiguousArray<Element>) {
        version = ElementVersion(storage: _UnsafeElementStorage(elements))
    }

    /// The number of elements: every version of a lineage has the storage's count (it changes
    /// only while one version exists).
    @inlinable
    var count: Int { version.storage.count }

    /// The element at `position`: O(1) for the newest version, O(changes since) for an older one.
    @inlinable
    func element(at position: Int) -> Element {
        version.storage.lock.unsafeLock()
        defer { version.storage.lock.unsafeUnlock() }
        return version.elementLocked(at: position)
    }

    /// Whether this version is newest and no other version exists, so that the storage is this
    /// value's alone. The lock orders what follows after every earlier reader.
    @inlinable
    mutating func isUniqueNewest() -> Bool {
        guard isKnownUniquelyReferenced(&version) else { return false }
        version.storage.lock.unsafeLock()
        defer { version.storage.lock.unsafeUnlock() }
        return version.change == nil
    }

    /// The storage, for a change in place of the element at `position` that only this value
    /// sees: O(1) when this value holds the newest version (if another value holds the same
    /// version, or an older one reads through it, a new newest version takes over, the
    /// superseded one recording the element), O(n) when it holds an older version (copied into a
    /// lineage of its own).
    @inlinable
    mutating func storageForWriting(at position: Int) -> _UnsafeElementStorage<Element> {
        if isUniqueNewest() { return version.storage }
        let storage = version.storage
        storage.lock.unsafeLock()
        if version.change == nil {
            let newer = ElementVersion(storage: storage)
            version.change = ElementChange(position: position, element: storage[slot: position], newer: newer)
            storage.lock.unsafeUnlock()
            version = newer
            return storage
        }
        storage.lock.unsafeUnlock()
        version = ElementVersion(storage: _UnsafeElementStorage(version.materialize()))
        return version.storage
    }

    /// The storage, this value's alone (copied first unless it already is): for changes that
    /// add, remove or move elements.
    @inlinable
    mutating func uniqueStorage(minimumCapacity: Int = 0) -> _UnsafeElementStorage<Element> {
        if isUniqueNewest() { return version.storage }
        version = ElementVersion(storage: _UnsafeElementStorage(version.materialize(), minimumCapacity: minimumCapacity))
        return version.storage
    }

    /// Removes the slot at `position`, whose element was moved out after
    /// ``storageForWriting(at:)``: in place when the storage is this value's alone, else by
    /// copying the other elements into a lineage of this value's own (the slot stays empty in the
    /// old storage, which no version reads it from).
    @inlinable
    mutating func removeVacatedSlot(at position: Int) {
        if isUniqueNewest() {
            version.storage.removeVacated(at: position)
            return
        }
        let storage = version.storage
        storage.lock.unsafeLock()
        let others = storage.abandonVacated(at: position)
        storage.lock.unsafeUnlock()
        version = ElementVersion(storage: _UnsafeElementStorage(others))
    }

    /// The elements, in order: O(n).
    @inlinable
    var materialized: ContiguousArray<Element> {
        version.materialize()
    }

    /// Whether two values hold the same version: O(1).
    @inlinable
    func isIdentical(to other: Self) -> Bool {
        version === other.version
    }
}

extension VersionedElements: Sendable where Element: Sendable {}
