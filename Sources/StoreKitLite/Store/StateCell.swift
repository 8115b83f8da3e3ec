public import Synchronization

/// A store's state and its latest step, changed in place by the dispatch-role holder and read
/// by any thread through a ``StateGate``.
///
/// The cell is the only holder of the state between actions (the store's subjects keep no copy),
/// so a reducer that changes a collection in the state changes it in place: no copy per action,
/// unless a reader still holds an older state. The signals of a store capture the cell, not the
/// store, so observing does not keep the store alive.
@usableFromInline
final class StateCell<State, Action>: @unchecked Sendable {
    // @unchecked Sendable: the `var`s are written only by the dispatch-role holder between
    // `gate.beginWrite()` and `gate.endWrite()`, and read by other threads only inside
    // `gate.read`.
    @exclusivity(unchecked)
    @usableFromInline
    var current: State
    /// How many actions the store has processed (reduced or refused): the `sequence` of the
    /// latest update.
    @exclusivity(unchecked)
    @usableFromInline
    var sequence: UInt64 = 0
    /// The latest update's action (`nil` before the first one).
    @exclusivity(unchecked)
    @usableFromInline
    var lastAction: Action?
    /// The latest update's failure.
    @exclusivity(unchecked)
    @usableFromInline
    var lastFailure: StoreFailureBox?
    @usableFromInline
    let gate = StateGate()
    /// How many effects are attached to the store; states are handed to them only when there
    /// are some.
    @usableFromInline
    let attachedEffects = Atomic<Int>(0)

    @usableFromInline
    init(_ initial: State) {
        current = initial
    }

    /// A copy of the current state (O(1): collections are shared, not copied).
    @inlinable
    var state: State {
        gate.read { current }
    }

    /// The latest update, as a new observer of the store's updates receives it first.
    @inlinable
    var latestUpdate: StoreUpdate<State, Action> {
        gate.read {
            var update = StoreUpdate(state: current, lastAction: lastAction, error: nil)
            update.failure = lastFailure
            update.storedSequence = sequence
            return update
        }
    }
}
