public import Synchronization

// Package accessors for engines that hold one observer for a long run of events (the feedback
// loop's drain): the handler without copying the whole observer per event, and the disposal flag
// as one atomic load instead of an existential call.

extension Observer {
    /// The observer's handler, for calling it without copying the observer (a retain of its
    /// lifetime as well) per event.
    @inlinable
    package var eventHandler: @Sendable (Signal<Element, Error>.Event) -> Void { handler }

    /// The disposal flag of the observation this observer belongs to, when its lifetime is an
    /// ``ObservationHandle``'s (the common case); `nil` otherwise (use ``isDisposed``). A loop
    /// that keeps its own loop for this case (`Signal.sequence`, where polling through
    /// ``DisposalPoll`` per element measured slower) reads it; others use ``disposalPoll``.
    @inlinable
    package var disposalFlag: ObservationHandle.Flag? {
        lifetime as? ObservationHandle.Flag
    }
}

extension ObservationHandle.Flag {
    /// Whether the observation was disposed (one acquiring atomic load).
    @inlinable
    package var isRaised: Bool { value.load(ordering: .acquiring) }
}

/// An observer's lifetime as a loop polls it: its observation's disposal flag (one atomic load)
/// when the lifetime is an ``ObservationHandle``'s, the lifetime itself otherwise, and never
/// disposed when there is none. Made once, before the loop: the cast happens there, not per poll.
@usableFromInline
package struct DisposalPoll: Sendable {
    @usableFromInline let flag: ObservationHandle.Flag?
    @usableFromInline let lifetime: ObserverLifetime?

    /// Reads `lifetime` once.
    @inlinable
    package init(_ lifetime: ObserverLifetime?) {
        self.lifetime = lifetime
        flag = lifetime as? ObservationHandle.Flag
    }

    /// Whether the lifetime ended.
    @inlinable
    package var isDisposed: Bool {
        if let flag { return flag.isRaised }
        return lifetime?.isDisposed ?? false
    }
}

extension Observer {
    /// This observer's lifetime, for polling in a loop (see ``DisposalPoll``).
    @inlinable
    package var disposalPoll: DisposalPoll { DisposalPoll(lifetime) }
}
