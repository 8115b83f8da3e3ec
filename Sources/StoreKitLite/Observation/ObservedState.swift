/// The state of an ``ObservableStore`` as a view reads it: `store.state.count` returns the
/// count and makes the reading view depend on `count` alone.
///
/// ```swift
/// Text(store.state.title)                     // tracked: \.title
/// Text("\(store.state.rows.count) rows")      // tracked: \.rows (any change to the rows)
/// ```
///
/// An `Equatable` field is compared with `==` when a new state arrives, and its readers are
/// invalidated only when it differs; any other field counts as changed with every new state.
@MainActor
@dynamicMemberLookup
public struct ObservedState<State: Sendable, Action: Sendable> {
    @usableFromInline let host: ObservableStore<State, Action>

    @inlinable
    init(host: ObservableStore<State, Action>) {
        self.host = host
    }

    /// An `Equatable` field: its readers are invalidated when a new state's value differs.
    ///
    /// - Parameter keyPath: The field.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        host.read(keyPath, changed: { $0 != $1 })
    }

    /// A field that is not `Equatable`: its readers are invalidated with every new state.
    ///
    /// - Parameter keyPath: The field.
    @_disfavoredOverload
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        host.read(keyPath, changed: { _, _ in true })
    }
}
