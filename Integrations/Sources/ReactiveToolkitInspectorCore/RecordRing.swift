/// The records' storage: `capacity` slots allocated once, the first `count` initialized.
/// Touched only inside the inspector's lock box (through ``InspectorHistory``), which is why it
/// needs no lock of its own; a pointer rather than an array, so that recording an action does
/// no uniqueness or bounds check and never grows storage.
@usableFromInline
final class RecordRing<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `slots` and `count` are only touched with the inspector's lock held.
    @usableFromInline let slots: UnsafeMutablePointer<InspectedRecord<State, Action>>
    @usableFromInline let capacity: Int
    /// How many slots are initialized (they fill from 0, then stay full).
    @exclusivity(unchecked) @usableFromInline var count = 0

    @usableFromInline
    init(capacity: Int) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }
}
