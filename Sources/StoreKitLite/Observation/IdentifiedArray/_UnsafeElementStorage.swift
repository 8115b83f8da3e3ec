internal import StreamCore

/// The elements of the newest version of an ``IdentifiedArray`` lineage, which every older
/// version still held reads through (see ``ElementVersion``), and the lock they read under.
///
/// The rules that make sharing it across threads sound:
/// - Readers (any version's holder) take `lock` to walk the versions and to copy an element out
///   (a copy retains; no user code runs under the lock).
/// - The holder of the newest version writes one slot in place without the lock, after recording
///   that slot's element in the version it supersedes, under the lock: every older version's
///   reader then stops at that record and never reads the slot, and readers of other slots read
///   other memory.
/// - The count changes, the buffer moves and slots shift only while the newest version is
///   uniquely referenced: no other version exists, so nobody else can reach the storage (the
///   holder takes and gives back the lock first, which orders these writes after every earlier
///   reader's).
/// This type and ``ElementVersion`` are where those raw-pointer accesses live.
@usableFromInline
final class _UnsafeElementStorage<Element> {
    // Accessed under the rules above, which the runtime's exclusivity checks cannot see.
    @usableFromInline let lock: Lock
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) @usableFromInline var count: Int
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// A slot left empty: its element was moved out for an in-place change that removed it while
    /// an older version still read through this storage (the change then moved to a lineage of
    /// its own). No version reads it; it is not deinitialized.
    @exclusivity(unchecked) @usableFromInline var vacancy: Int?

    /// A storage holding `elements`.
    @usableFromInline
    init(_ elements: ContiguousArray<Element>, minimumCapacity: Int = 0) {
        lock = Lock(name: "IdentifiedArray")
        count = elements.count
        capacity = Swift.max(elements.count, minimumCapacity, 1)
        base = .allocate(capacity: capacity)
        elements.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
        }
    }

    deinit {
        if let vacancy {
            base.deinitialize(count: vacancy)
            (base + vacancy + 1).deinitialize(count: count - vacancy - 1)
        } else {
            base.deinitialize(count: count)
        }
        base.deallocate()
        lock.deallocate()
    }

    /// Traps in debug builds on a slot outside `0..<count`.
    @inlinable
    func checkSlot(_ position: Int) {
        assert(position >= 0 && position < count, "IdentifiedArray: slot \(position) out of 0..<\(count)")
    }

    /// The element at `position`, read (under the lock, or by the newest version's holder) and
    /// changed in place (by the newest version's holder, after recording it for older versions).
    @inlinable
    subscript(slot position: Int) -> Element {
        get {
            checkSlot(position)
            return base[position]
        }
        _modify {
            checkSlot(position)
            yield &base[position]
        }
    }

    /// Moves the element at `position` out; the slot stays empty until ``fill(_:with:)`` (or
    /// ``removeVacated(at:)``). The newest version's holder.
    @inlinable
    func vacate(_ position: Int) -> Element {
        checkSlot(position)
        return (base + position).move()
    }

    /// Puts an element into the empty slot at `position`. The newest version's holder.
    @inlinable
    func fill(_ position: Int, with element: Element) {
        checkSlot(position)
        (base + position).initialize(to: element)
    }

    /// The elements, copied (under the lock).
    @inlinable
    func copyElements() -> ContiguousArray<Element> {
        ContiguousArray(UnsafeBufferPointer(start: base, count: count))
    }

    /// The elements but the one at the empty slot `position`, copied, and that slot left empty
    /// for good: an older version's lineage keeps this storage, and none of its versions reads
    /// that slot (their records hold its element). Under the lock.
    @inlinable
    func abandonVacated(at position: Int) -> ContiguousArray<Element> {
        checkSlot(position)
        var others = ContiguousArray<Element>()
        others.reserveCapacity(count &- 1)
        others.append(contentsOf: UnsafeBufferPointer(start: base, count: position))
        others.append(contentsOf: UnsafeBufferPointer(start: base + position + 1, count: count &- position &- 1))
        vacancy = position
        return others
    }

    // The changes below move elements or change the count: only while the newest version is
    // uniquely referenced (no other version can reach this storage).

    /// Room for one more element, moving the elements to a buffer twice as large if needed.
    @inlinable
    func reserveOneMore() {
        guard count == capacity else { return }
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity &* 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity &*= 2
    }

    /// Appends an element.
    @inlinable
    func append(_ element: Element) {
        reserveOneMore()
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Inserts an element at `index` (in `0...count`), moving the ones after it up.
    @inlinable
    func insert(_ element: Element, at index: Int) {
        assert(index >= 0 && index <= count, "IdentifiedArray: insertion at \(index) out of 0...\(count)")
        reserveOneMore()
        (base + index + 1).moveInitialize(from: base + index, count: count &- index)
        (base + index).initialize(to: element)
        count &+= 1
    }

    /// Removes and returns the element at `index`, moving the ones after it down.
    @inlinable
    func remove(at index: Int) -> Element {
        let element = vacate(index)
        removeVacated(at: index)
        return element
    }

    /// Removes the empty slot at `position`, moving the elements after it down.
    @inlinable
    func removeVacated(at position: Int) {
        checkSlot(position)
        (base + position).moveInitialize(from: base + position + 1, count: count &- position &- 1)
        count &-= 1
    }

    /// Exchanges the elements at two positions.
    @inlinable
    func swapAt(_ i: Int, _ j: Int) {
        checkSlot(i)
        checkSlot(j)
        swap(&base[i], &base[j])
    }
}

// @unchecked Sendable: every field is read and written under `lock`, except as the rules above
// allow the newest version's holder.
extension _UnsafeElementStorage: @unchecked Sendable where Element: Sendable {}
