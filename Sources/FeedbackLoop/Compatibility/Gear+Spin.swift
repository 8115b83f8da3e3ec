import StreamCore

extension Gear {
    /// Sends an event to everything attached to the gear (Spin's spelling of ``propagate(_:)``).
    ///
    /// ```swift
    /// gear.propagate(event: .authorizationIssueHappened)
    /// ```
    ///
    /// - Parameter event: The event to propagate.
    public func propagate(event: Event) {
        propagate(event)
    }

    /// Completes the gear: attached feedbacks stop listening (their loops keep running), and
    /// later events are ignored.
    ///
    /// ```swift
    /// gear.complete()   // the feature is gone: detach every listener
    /// ```
    ///
    /// A loop started after completion attaches to a completed gear and sees no events.
    public func complete() {
        subject.send(completion: .finished)
    }

    /// What sends into the gear, from outside a loop (Spin's `eventsObserver`): its events reach
    /// everything attached, and completing it completes the gear.
    ///
    /// ```swift
    /// gear.eventsObserver.send(.authorizationIssueHappened)   // as propagate(_:)
    /// gear.eventsObserver.send(completion: .finished)          // as complete()
    /// ```
    ///
    /// It is the gear's own subject: what it is sent is what ``propagate(_:)`` and ``complete()``
    /// send.
    public var eventsObserver: PassthroughSubject<Event, Never> {
        subject
    }
}
