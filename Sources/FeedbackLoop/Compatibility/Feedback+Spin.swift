public import StreamCore

extension Feedback {
    /// A feedback that answers every state with one event, synchronously (Spin's
    /// `Feedback(directEffect:on:)`).
    ///
    /// ```swift
    /// let tick = Feedback<Timer, TimerEvent>(directEffect: { timer in timer.isRunning ? .tick : .idle })
    /// ```
    ///
    /// - Parameters:
    ///   - directEffect: The event for a state.
    ///   - context: Where states are received; `nil` = the loop's context.
    public init(
        directEffect: @escaping @Sendable (State) -> Event,
        on context: ExecutionContext? = nil
    ) {
        self.init(events: { states in states.map(directEffect) })
        self.context = context
    }

    /// A feedback made of several functions of the state signal, whose events are merged
    /// (Spin's `Feedback(effects: [ … ])`).
    ///
    /// ```swift
    /// let both = Feedback<State, Event>(effects: [loadUser, watchReachability])
    /// ```
    ///
    /// - Parameters:
    ///   - effects: Each called once when the loop starts, with the signal of states.
    ///   - context: Where states are received; `nil` = the loop's context.
    public init(
        effects: [@Sendable (Signal<State, Never>) -> Signal<Event, Never>],
        on context: ExecutionContext? = nil
    ) {
        self.init(events: { states in Signal.merge(effects.map { $0(states) }) })
        self.context = context
    }

    /// A feedback that runs `effect` on a part of the state, for the parts that pass `predicate`
    /// (Spin's `Feedback(effect:lensingOn:filteredBy:)`).
    ///
    /// ```swift
    /// Feedback(effect: loadPage, lensingOn: \State.page, filteredBy: { $0 > 0 })
    /// ```
    ///
    /// A part that fails the filter cancels the running effect under `.cancelOnNewState`.
    ///
    /// - Parameters:
    ///   - effect: Called serially with the part of each state that passes.
    ///   - keyPath: The part of the state the effect reads.
    ///   - predicate: Which parts start an effect.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    public init<Part>(
        effect: @escaping @Sendable (Part) -> Signal<Event, Never>,
        lensingOn keyPath: any KeyPath<State, Part> & Sendable,
        filteredBy predicate: @escaping @Sendable (Part) -> Bool,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(
            effect: { state in
                let part = state[keyPath: keyPath]
                return predicate(part) ? effect(part) : .completed()
            },
            on: context,
            applying: strategy
        )
    }
}
