public import StreamCore

extension Feedback {
    /// A feedback that runs one effect per state; a new state cancels the effect of the previous
    /// one (ReactiveFeedback's `Feedback(effects:)`, written `Feedback { state in … }`).
    ///
    /// ```swift
    /// let announce = Feedback<Screen, Event> { screen in
    ///     Signal(just: .announced(screen.title))   // once per state, not once per loop
    /// }
    /// ```
    ///
    /// This is what a bare trailing closure means: its parameter is the *state*, never the state
    /// signal (for that, write `Feedback(events:)` with its label). It is
    /// ``init(effect:on:applying:)`` with ``ExecutionStrategy/cancelOnNewState``, ReactiveFeedback's
    /// `flatMapLatest`.
    ///
    /// - Parameter effects: Called serially for each state; returns the events for that state.
    @inlinable
    public init(effects: @escaping @Sendable (State) -> Signal<Event, Never>) {
        self.init(effect: effects, on: nil, applying: .cancelOnNewState)
    }
}
