public import StreamCore

extension Feedback {
    /// A feedback that runs `effect` for every state (Spin's form).
    ///
    /// ```swift
    /// func leftEffect(levels: Levels) -> Signal<Event, Never> {
    ///     guard levels.left != levels.right else { return .completed() }
    ///     return Signal(just: levels.left < levels.right ? .increaseLeft : .decreaseLeft)
    /// }
    /// let left = Feedback(effect: leftEffect)
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state; returns the events for that state.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init(
        effect: @escaping @Sendable (State) -> Signal<Event, Never>,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(events: { states in states.run(effect, applying: strategy) })
        self.context = context
        if strategy == .cancelOnNewState { perStateEffect = effect }
    }

    /// A feedback that runs `effect` for the states that pass `predicate`; other states cancel
    /// the running effect under `.cancelOnNewState` (Spin's `filteredBy:`).
    ///
    /// ```swift
    /// Feedback(effect: leftEffect, filteredBy: { $0.left > 0 })
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state that passes the filter.
    ///   - predicate: Which states start an effect.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init(
        effect: @escaping @Sendable (State) -> Signal<Event, Never>,
        filteredBy predicate: @escaping @Sendable (State) -> Bool,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(
            effect: { state in predicate(state) ? effect(state) : Signal.completed() },
            on: context,
            applying: strategy
        )
    }

    /// A feedback that runs `effect` on a part of the state (Spin's `lensingOn:`).
    ///
    /// ```swift
    /// Feedback(effect: { (left: Int) in … }, lensingOn: \Levels.left)
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially with the part of each state.
    ///   - keyPath: The part of the state the effect reads.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init<Part>(
        effect: @escaping @Sendable (Part) -> Signal<Event, Never>,
        lensingOn keyPath: any KeyPath<State, Part> & Sendable,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { state in effect(state[keyPath: keyPath]) }, on: context, applying: strategy)
    }

    /// A feedback that runs `effect` on a part of the state computed by `lens`.
    ///
    /// ```swift
    /// Feedback(effect: showError, lensingOn: { $0.error?.localizedDescription })
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially with the part of each state.
    ///   - lens: Computes the part of the state the effect reads.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init<Part>(
        effect: @escaping @Sendable (Part) -> Signal<Event, Never>,
        lensingOn lens: @escaping @Sendable (State) -> Part,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { state in effect(lens(state)) }, on: context, applying: strategy)
    }

    /// A feedback whose effect needs one dependency, injected here (Spin's `dep1:`).
    ///
    /// ```swift
    /// func load(api: API, state: State) -> Signal<Event, Never> { … }
    /// let feedback = Feedback(effect: load, dep1: api)
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state, with the dependency first.
    ///   - dep1: The dependency, captured for the feedback's lifetime.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init<Dep1: Sendable>(
        effect: @escaping @Sendable (Dep1, State) -> Signal<Event, Never>,
        dep1: Dep1,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { state in effect(dep1, state) }, on: context, applying: strategy)
    }

    /// A feedback whose effect needs two dependencies, injected here.
    ///
    /// ```swift
    /// let feedback = Feedback(effect: loadEffect, dep1: networkService, dep2: cryptographicTool)
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state, with the dependencies first.
    ///   - dep1: The first dependency.
    ///   - dep2: The second dependency.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init<Dep1: Sendable, Dep2: Sendable>(
        effect: @escaping @Sendable (Dep1, Dep2, State) -> Signal<Event, Never>,
        dep1: Dep1,
        dep2: Dep2,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { state in effect(dep1, dep2, state) }, on: context, applying: strategy)
    }

    /// A feedback whose effect needs three dependencies, injected here.
    ///
    /// ```swift
    /// let feedback = Feedback(effect: sync, dep1: api, dep2: database, dep3: clock)
    /// ```
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state, with the dependencies first.
    ///   - dep1: The first dependency.
    ///   - dep2: The second dependency.
    ///   - dep3: The third dependency.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init<Dep1: Sendable, Dep2: Sendable, Dep3: Sendable>(
        effect: @escaping @Sendable (Dep1, Dep2, Dep3, State) -> Signal<Event, Never>,
        dep1: Dep1,
        dep2: Dep2,
        dep3: Dep3,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { state in effect(dep1, dep2, dep3, state) }, on: context, applying: strategy)
    }

    /// A feedback whose effect needs four dependencies, injected here.
    ///
    /// - Parameters:
    ///   - effect: Called serially for each state, with the dependencies first.
    ///   - dep1: The first dependency.
    ///   - dep2: The second dependency.
    ///   - dep3: The third dependency.
    ///   - dep4: The fourth dependency.
    ///   - context: Where states are received and effects started; `nil` = the loop's context.
    ///   - strategy: Whether a new state cancels the running effect (the default) or not.
    @inlinable
    public init<Dep1: Sendable, Dep2: Sendable, Dep3: Sendable, Dep4: Sendable>(
        effect: @escaping @Sendable (Dep1, Dep2, Dep3, Dep4, State) -> Signal<Event, Never>,
        dep1: Dep1,
        dep2: Dep2,
        dep3: Dep3,
        dep4: Dep4,
        on context: ExecutionContext? = nil,
        applying strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { state in effect(dep1, dep2, dep3, dep4, state) }, on: context, applying: strategy)
    }
}

extension Signal where Error == Never {
    /// Runs `effect` for each element under an execution strategy.
    @inlinable
    func run<Output>(
        _ effect: @escaping @Sendable (Element) -> Signal<Output, Never>,
        applying strategy: ExecutionStrategy
    ) -> Signal<Output, Never> {
        // Each per-state effect counts as an effect of the store action being handled, if any.
        switch strategy {
        case .cancelOnNewState: flatMapLatest { effect($0).trackedAsEffect() }
        case .continueOnNewState: flatMapMerge { effect($0).trackedAsEffect() }
        }
    }
}
