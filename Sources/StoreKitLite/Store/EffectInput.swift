/// A state on its way to a store's attached effects, with the effect group of the action that
/// produced it.
@usableFromInline
struct EffectInput<State>: @unchecked Sendable {
    // @unchecked Sendable: `State` is `Sendable` wherever a store makes one (`Store` requires it);
    // the group, the mark and the dependencies are `Sendable` classes.
    @usableFromInline let state: State
    /// The update's sequence number, so an effect that joins meanwhile skips what it replayed.
    @usableFromInline let sequence: UInt64
    /// The group the effects started for this state join (`nil`: the store's root group).
    @usableFromInline let group: EffectGroup?
    /// Keeps `group` unsettled until every effect has seen the state (released on deinit).
    @usableFromInline let mark: PendingMark?
    /// The dependencies the effects started for this state run with (those of the action that
    /// produced it), when they run on another context than the store's action; `nil`: those in
    /// force where they are delivered.
    @usableFromInline let dependencies: DependencyScope?

    @inlinable
    init(state: State, sequence: UInt64, group: EffectGroup?, mark: PendingMark?, dependencies: DependencyScope?) {
        self.state = state
        self.sequence = sequence
        self.group = group
        self.mark = mark
        self.dependencies = dependencies
    }

    /// An input for effects notified on `context`: delivered on another context, it carries the
    /// dependencies in force (the action's).
    @inlinable
    init(state: State, sequence: UInt64, group: EffectGroup?, mark: PendingMark?, hopsTo context: ExecutionContext) {
        self.init(
            state: state, sequence: sequence, group: group, mark: mark,
            dependencies: context.isImmediate ? nil : DependencyScope.captured)
    }
}

/// Holds one pending action of an effect group until it is released: the group counts the
/// action from the moment the store accepts it until its state has reached every effect.
@usableFromInline
final class PendingMark: Sendable {
    let group: EffectGroup

    /// Takes over the group's count of the action (the store retained it when it accepted it).
    @usableFromInline
    init(_ group: EffectGroup) {
        self.group = group
    }

    deinit {
        group.releasePendingAction()
    }
}

/// What one observation of a store has received, touched only from that observation's serially
/// delivered events: the first is the replay of the store's latest update, and updates that were
/// already part of it (queued before the observer joined) are skipped.
@usableFromInline
final class SequenceFloor: @unchecked Sendable {
    // @unchecked Sendable: touched only from one observation's events, which the store's subject
    // delivers serially (each delivery happens-after the previous one).
    /// The lowest sequence number still to deliver.
    @exclusivity(unchecked)
    @usableFromInline
    var next: UInt64 = 0
    /// Whether anything was delivered yet (the replay always is).
    @exclusivity(unchecked)
    @usableFromInline
    var hasReceived = false

    @inlinable
    init() {}

    /// Whether an update with this number is new to the observation; records it if so.
    @inlinable
    func admits(_ sequence: UInt64) -> Bool {
        guard sequence >= next else { return false }
        next = sequence &+ 1
        return true
    }
}
