/// A flag owned by one observation of a store, read and written only from its serially
/// delivered events.
@usableFromInline
final class ObservationFlag: @unchecked Sendable {
    // @unchecked Sendable: touched only from one observation's events, which the store's subject
    // delivers serially (each delivery happens-after the previous one).
    @exclusivity(unchecked)
    @usableFromInline
    var value = false

    @inlinable
    init() {}
}
