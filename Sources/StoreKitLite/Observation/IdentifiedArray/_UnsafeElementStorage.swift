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

    /// Room for one more element, moving the elements to a buffer twice as large if needed.
    /// Only while the newest version is uniquely referenced.
    @inlinable
    func reserveOneMore() {
        guard count == capacity else { return }
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity &* 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity &*= 2
    }
}

// @unchecked Sendable: every field is read and written under `lock`, except as the rules above
// allow the newest version's holder.
extension _UnsafeElementStorage: @unchecked Sendable where Element: Sendable {}
