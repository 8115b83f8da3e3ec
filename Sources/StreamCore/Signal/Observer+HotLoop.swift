public import Synchronization

// Package accessors for engines that hold one observer for a long run of events (the feedback
// loop's drain): the handler without copying the whole observer per event, and the disposal flag
// as one atomic load instead of an existential call.

extension Observer {
    /// The observer's handler, for calling it without copying the observer (its lifetime is an
    /// existential) per event.
    @inlinable
    package var eventHandler: @Sendable (Signal<Element, Error>.Event) -> Void { handler }

    /// The disposal flag of the observation this observer belongs to, when its lifetime is an
    /// ``ObservationHandle``'s (the common case); `nil` otherwise (use ``isDisposed``).
    @inlinable
    package var disposalFlag: ObservationHandle.Flag? {
        (lifetime as? ObservationHandle.Lifetime)?.flag
    }
}

extension ObservationHandle.Flag {
    /// Whether the observation was disposed (one acquiring atomic load).
    @inlinable
    package var isRaised: Bool { value.load(ordering: .acquiring) }
}
