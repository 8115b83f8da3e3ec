import StreamCore

extension Feedback {
    /// A feedback turning the events of a gear into events of this loop (gear → loop).
    ///
    /// ```swift
    /// let feedback = Feedback<State, Event>(attachedTo: gear, propagating: { (event: GearEvent) in
    ///     event == .authorizationIssueHappened ? .checkAuthorization : nil
    /// })
    /// ```
    ///
    /// The feedback is attached while the loop runs: gear events propagated before the loop
    /// starts or after it stops are not seen.
    ///
    /// - Parameters:
    ///   - gear: The gear to listen to.
    ///   - propagating: The loop event for a gear event, or `nil` to ignore it.
    public init<GearEvent>(
        attachedTo gear: Gear<GearEvent>,
        propagating: @escaping @Sendable (GearEvent) -> Event?
    ) {
        self.init(events: { _ in gear.eventStream.compactMap(propagating) })
    }

    /// A feedback pushing a gear event for the states that call for one (loop → gear).
    ///
    /// ```swift
    /// let feedback = Feedback<State, Event>(attachedTo: gear, propagating: { (state: State) in
    ///     state == .unauthorized ? .authorizationIssueHappened : nil
    /// })
    /// ```
    ///
    /// The gear event is propagated synchronously while the state is delivered to feedbacks;
    /// this feedback sends no event to its own loop.
    ///
    /// - Parameters:
    ///   - gear: The gear to push into.
    ///   - propagating: The gear event for a state, or `nil` for none.
    public init<GearEvent>(
        attachedTo gear: Gear<GearEvent>,
        propagating: @escaping @Sendable (State) -> GearEvent?
    ) {
        self.init(events: { states in
            Signal<Event, Never> { _ in
                states.observeNext { state in
                    if let event = propagating(state) { gear.propagate(event) }
                }
            }
        })
    }

    /// A feedback sending `event` to this loop each time the gear propagates `gearEvent`.
    ///
    /// ```swift
    /// let feedback = Feedback<State, Event>(
    ///     attachedTo: gear, catching: .authorizationIssueHappened, emitting: .checkAuthorization
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - gear: The gear to listen to.
    ///   - gearEvent: The gear event to catch.
    ///   - event: The loop event to send for it.
    public init<GearEvent: Equatable>(
        attachedTo gear: Gear<GearEvent>,
        catching gearEvent: GearEvent,
        emitting event: Event
    ) where Event: Sendable {
        self.init(attachedTo: gear, propagating: { (received: GearEvent) in received == gearEvent ? event : nil })
    }

    /// A feedback propagating `gearEvent` into the gear each time the loop reaches `state`.
    ///
    /// ```swift
    /// let feedback = Feedback<State, Event>(
    ///     attachedTo: gear, catching: .unauthorized, propagating: .authorizationIssueHappened
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - gear: The gear to push into.
    ///   - state: The state to catch.
    ///   - gearEvent: The gear event to propagate for it.
    public init<GearEvent>(
        attachedTo gear: Gear<GearEvent>,
        catching state: State,
        propagating gearEvent: GearEvent
    ) where State: Equatable & Sendable {
        self.init(attachedTo: gear, propagating: { (received: State) in received == state ? gearEvent : nil })
    }
}
