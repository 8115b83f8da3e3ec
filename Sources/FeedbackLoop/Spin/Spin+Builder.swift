public import StreamCore

extension Spin {
    /// Creates a spin with the declarative syntax: feedbacks, then the reducer (see ``SpinBuilder``).
    ///
    /// ```swift
    /// let levelsSpin = Spin(initialState: Levels(left: 10, right: 20)) {
    ///     Feedback(effect: leftEffect)
    ///     Feedback(effect: rightEffect)
    ///     Reducer(levelsReducer)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the loop starts from.
    ///   - executer: Where the reducer runs and states are delivered; `.immediate` by default.
    ///   - content: The feedbacks and, last, the reducer.
    public init(
        initialState: State,
        executeOn executer: ExecutionContext = .immediate,
        @SpinBuilder<State, Event> _ content: () -> SpinBuilder<State, Event>.Parts
    ) {
        let parts = content()
        self.init(initialState: initialState, feedbacks: parts.feedbacks, reducer: parts.reducer, executeOn: executer)
    }

    /// Creates a spin with the declarative syntax, its loop running on `scheduler`.
    ///
    /// ```swift
    /// let spin = Spin(initialState: levels, executeOn: DispatchQueue.main) {
    ///     Feedback(effect: leftEffect).execute(on: DispatchQueue.global())
    ///     Reducer(levelsReducer)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the loop starts from.
    ///   - scheduler: Where the reducer runs and states are delivered.
    ///   - content: The feedbacks and, last, the reducer.
    public init(
        initialState: State,
        executeOn scheduler: some Scheduler,
        @SpinBuilder<State, Event> _ content: () -> SpinBuilder<State, Event>.Parts
    ) {
        self.init(initialState: initialState, executeOn: scheduler.context, content)
    }

    /// Creates a spin from its parts, its loop running on `scheduler`.
    ///
    /// - Parameters:
    ///   - initialState: The state the loop starts from.
    ///   - feedbacks: The side effects, subscribed in this order.
    ///   - reducer: The pure reducer.
    ///   - scheduler: Where the reducer runs and states are delivered.
    public init(
        initialState: State,
        feedbacks: [Feedback<State, Event>],
        reducer: Reducer<State, Event>,
        executeOn scheduler: some Scheduler
    ) {
        self.init(initialState: initialState, feedbacks: feedbacks, reducer: reducer, executeOn: scheduler.context)
    }
}
