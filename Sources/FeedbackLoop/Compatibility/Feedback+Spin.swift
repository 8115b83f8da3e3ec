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

    /// A feedback that runs `effect` on a part of the state computed by `lens`, for the parts
    /// that pass `predicate` (Spin's `Feedback(effect:lensingOn:filteredBy:)` with a closure).
    ///
    /// ```swift
    /// Feedback(effect: showBanner, lensingOn: { $0.error?.message }, filteredBy: { $0 != nil })
    /// ```
    ///
    /// A part that fails the filter cancels the running effect under `.cancelOnNewState`.
    ///
    /// - Parameters:
    ///   - effect: Called serially with the part of each state that passes.
    ///   - lens: Computes the part of the state the effect reads.
    ///   - predicate: Which parts start an effect.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    public init<Part>(
        effect: @escaping @Sendable (Part) -> Signal<Event, Never>,
        lensingOn lens: @escaping @Sendable (State) -> Part,
        filteredBy predicate: @escaping @Sendable (Part) -> Bool,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(
            effect: { state in
                let part = lens(state)
                return predicate(part) ? effect(part) : .completed()
            },
            on: context,
            applying: strategy
        )
    }

    /// A feedback whose filter both selects the states that start the effect and extracts what
    /// the effect reads (Spin's `Feedback(effect:filteredByResult:)`).
    ///
    /// ```swift
    /// Feedback(effect: { (page: Int) in api.page(page) }, filteredByResult: { browser in
    ///     browser.isLoading ? .success(browser.page) : .failure(.effectIsNotExecuted)
    /// })
    /// ```
    ///
    /// A state whose result is a failure starts nothing, and cancels the running effect under
    /// `.cancelOnNewState`.
    ///
    /// - Parameters:
    ///   - effect: Called serially with the part of each state whose result is a success.
    ///   - filter: `.success(part)` to run the effect on `part`, `.failure(.effectIsNotExecuted)`
    ///     to skip the state.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    public init<Part>(
        effect: @escaping @Sendable (Part) -> Signal<Event, Never>,
        filteredByResult filter: @escaping @Sendable (State) -> Result<Part, FeedbackFilterError>,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(
            effect: { state in
                guard case .success(let part) = filter(state) else { return .completed() }
                return effect(part)
            },
            on: context,
            applying: strategy
        )
    }

    /// A feedback that performs a side effect for every state and sends no event (Spin's
    /// `Feedback(effect:on:)` with an effect returning `Void`).
    ///
    /// ```swift
    /// let log = Feedback<Levels, LevelsEvent>(effect: { (levels: Levels) in logger.info("\(levels)") })
    /// ```
    ///
    /// The effect runs synchronously, once per state, in order; it cannot send events (use a
    /// feedback returning a signal for that).
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state.
    ///   - context: Where states are received; `nil` = the loop's context.
    public init(
        effect: @escaping @Sendable (State) -> Void,
        on context: ExecutionContext? = nil
    ) {
        self.init(reacting: { state in
            effect(state)
            return nil
        })
        self.context = context
    }

    /// A feedback whose effect takes no state: it is called once when the loop starts, and its
    /// events are sent for the loop's lifetime (Spin's `Feedback(effect:on:)` with an effect
    /// taking no argument).
    ///
    /// ```swift
    /// let taps = Feedback<Counter, CounterEvent>(effect: { button.taps.map { CounterEvent.increment } })
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called once per run of the loop; its signal is observed until the loop ends.
    ///   - context: Where the feedback is started; `nil` = the loop's context.
    public init(
        effect: @escaping @Sendable () -> Signal<Event, Never>,
        on context: ExecutionContext? = nil
    ) {
        self.init(events: { _ in effect() })
        self.context = context
    }

    /// A feedback for a user interface: one effect renders every state, the other sends the
    /// interface's events (Spin's `Feedback(uiEffects:_:on:)`).
    ///
    /// ```swift
    /// let ui = Feedback<Counter, CounterEvent>(
    ///     uiEffects: { counter in label.text = "\(counter.value)" },
    ///     { plusButton.taps.map { CounterEvent.increment } },
    ///     on: .main
    /// )
    /// ```
    ///
    /// Pass `on: .main` (or a main-queue scheduler's context) when rendering touches the
    /// interface: the render effect then receives every state there, once per state, in order.
    /// The event effect is called once per run of the loop, when the loop starts (as in Spin).
    ///
    /// - Parameters:
    ///   - stateEffect: Called serially for each state, sending nothing.
    ///   - eventEffect: Called once per run of the loop; its signal's events go to the loop.
    ///   - context: Where states are rendered; `nil` = the loop's context.
    public init(
        uiEffects stateEffect: @escaping @Sendable (State) -> Void,
        _ eventEffect: @escaping @Sendable () -> Signal<Event, Never>,
        on context: ExecutionContext? = nil
    ) {
        self.init(
            events: { states in
                Signal.merge([
                    states.compactMap { state -> Event? in
                        stateEffect(state)
                        return nil
                    },
                    eventEffect(),
                ])
            }
        )
        self.context = context
    }
}
