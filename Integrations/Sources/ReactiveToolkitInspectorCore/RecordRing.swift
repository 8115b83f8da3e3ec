/// The records' storage: `capacity` slots allocated once. While fewer than `capacity` records
/// are kept (filling up, or after the byte budget dropped some), `count` slots are initialized
/// from `start` on (wrapping); once full, all of them (and `start` is not kept up to date: the
/// history's own `start` is, and the hot path touches only that one). Touched only inside the
/// inspector's lock box (through ``InspectorHistory``), which is why it needs no lock of its own;
/// a pointer rather than an array, so that recording an action does no uniqueness or bounds
/// check and never grows storage.
@usableFromInline
final class RecordRing<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `slots`, `count`, `start` and `sizes` are only touched with the
    // inspector's lock held.
    @usableFromInline let slots: UnsafeMutablePointer<InspectedRecord<State, Action>>
    @usableFromInline let capacity: Int
    /// How many slots are initialized.
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// The first initialized slot, while `count < capacity`.
    @exclusivity(unchecked) @usableFromInline var start = 0
    /// The records' measured sizes, by slot, when the inspector measures them (freed here).
    @exclusivity(unchecked) var sizes: UnsafeMutablePointer<Int>?

    @usableFromInline
    init(capacity: Int) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
    }

    deinit {
        if count == capacity {
            slots.deinitialize(count: count)
        } else {
            for offset in 0..<count { (slots + (start + offset) % capacity).deinitialize(count: 1) }
        }
        slots.deallocate()
        sizes?.deallocate()
    }
}
