/// Per-observation operator state that is touched only from event handlers of one observation.
///
/// The signal contract delivers one observation's events serially (never concurrently), and each
/// delivery happens-after the previous one (the upstream's lock or single thread orders them), so
/// the value needs no lock of its own. Use it only for state read and written inside the event
/// handler of a single observation; state touched from `dispose()` or several upstreams needs a
/// ``LockedState`` instead.
@usableFromInline
package final class SerialBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: accessed only from one observation's serially delivered events (see
    // the type's documentation); the upstream's serialization provides the ordering.
    @usableFromInline
    package var value: Value

    /// Creates a box holding `value`.
    @usableFromInline
    package init(_ value: Value) {
        self.value = value
    }
}
