public import StreamCore

extension Signal where Error == Never, Element: Sendable {
    /// A feedback-loop system: the signal of its states, starting with `initial`
    /// (ReactiveFeedback's `system`).
    ///
    /// Each observation runs its own loop: the feedbacks are subscribed, the initial state is
    /// sent to the feedbacks and to the observer, and every event a feedback sends is reduced
    /// into the next state, which goes to the feedbacks first and then to the observer.
    ///
    /// That order is promised (it is ReactiveFeedback's and Spin's): a feedback sees every state
    /// the observer sees, the last one included, so an observer that stops the loop on a state
    /// (`system.take(first: 2)`) still lets that state's effects start; they are disposed with
    /// the loop. Events a feedback sends while it is handed a state are queued, so the observer
    /// still receives each state before the next one is reduced.
    ///
    /// The initial state is delivered before `observe` returns, on the observing thread, in every
    /// context (as in ReactiveFeedback): a scheduled loop holds it at once, and an event a
    /// feedback sends before the context's first turn is queued and reduced on the context.
    ///
    /// ```swift
    /// let system = Signal<Int, Never>.system(
    ///     initial: 0,
    ///     reduce: { count, event in event == .increment ? count + 1 : count - 1 },
    ///     feedbacks: [increment, decrement]
    /// )
    /// system.map(String.init).bind(to: label.reactive.text)
    /// ```
    ///
    /// Guarantees: events are reduced one at a time, in the order the loop received them; an
    /// event sent while the loop reduces or delivers (from a feedback reacting synchronously, or
    /// from another thread) is queued, never lost and never handled recursively, so a loop runs
    /// any number of synchronous iterations in constant stack; no reducer, feedback or observer
    /// runs under a lock; disposing the observation disposes every feedback and effect, and no
    /// state is delivered after the one in progress.
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - context: Where the reducer runs and states are delivered. `.immediate` (the default)
    ///     runs the loop on the thread that sends the event, serially.
    ///   - reduce: The pure reducer.
    ///   - feedbacks: The side effects, subscribed in this order.
    ///   - diagnostics: Debug-build checks for loops that never become idle.
    /// - Returns: A cold signal of states; each observation starts a loop.
    @inlinable
    public static func system<Event: Sendable>(
        initial: Element,
        executeOn context: ExecutionContext = .immediate,
        reduce: @escaping @Sendable (Element, Event) -> Element,
        feedbacks: [Feedback<Element, Event>],
        diagnostics: LoopDiagnostics = .standard
    ) -> Signal {
        system(
            initial: initial,
            executeOn: context,
            reducer: Reducer(reduce),
            feedbacks: feedbacks,
            diagnostics: diagnostics
        )
    }

    /// A feedback-loop system with feedbacks given one by one.
    ///
    /// ```swift
    /// let system = Signal<Int, Never>.system(initial: 0, reduce: reduce, feedbacks: increment, decrement)
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - context: Where the reducer runs and states are delivered.
    ///   - reduce: The pure reducer.
    ///   - feedbacks: The side effects, subscribed in this order.
    /// - Returns: A cold signal of states; each observation starts a loop.
    @inlinable
    public static func system<Event: Sendable>(
        initial: Element,
        executeOn context: ExecutionContext = .immediate,
        reduce: @escaping @Sendable (Element, Event) -> Element,
        feedbacks: Feedback<Element, Event>...
    ) -> Signal {
        system(initial: initial, executeOn: context, reducer: Reducer(reduce), feedbacks: feedbacks)
    }

    /// A feedback-loop system running on a scheduler (ReactiveFeedback's
    /// `system(initial:scheduler:reduce:feedbacks:)`).
    ///
    /// ```swift
    /// let system = Signal<State, Never>.system(
    ///     initial: .initial, scheduler: DispatchQueue.main, reduce: State.reduce, feedbacks: feedbacks
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - scheduler: Where the reducer runs and states are delivered.
    ///   - reduce: The pure reducer.
    ///   - feedbacks: The side effects, subscribed in this order.
    /// - Returns: A cold signal of states; each observation starts a loop.
    @inlinable
    public static func system<Event: Sendable>(
        initial: Element,
        scheduler: some Scheduler,
        reduce: @escaping @Sendable (Element, Event) -> Element,
        feedbacks: [Feedback<Element, Event>]
    ) -> Signal {
        system(initial: initial, executeOn: scheduler.context, reducer: Reducer(reduce), feedbacks: feedbacks)
    }

    /// A feedback-loop system with a `Reducer` value.
    ///
    /// ```swift
    /// let system = Signal<Levels, Never>.system(initial: levels, reducer: Reducer(levelsReducer), feedbacks: [left, right])
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - context: Where the reducer runs and states are delivered.
    ///   - reducer: The pure reducer.
    ///   - feedbacks: The side effects, subscribed in this order.
    ///   - diagnostics: Debug-build checks for loops that never become idle.
    /// - Returns: A cold signal of states; each observation starts a loop.
    @inlinable
    public static func system<Event: Sendable>(
        initial: Element,
        executeOn context: ExecutionContext = .immediate,
        reducer: Reducer<Element, Event>,
        feedbacks: [Feedback<Element, Event>],
        diagnostics: LoopDiagnostics = .standard
    ) -> Signal {
        // Trusted: the engine delivers serially (drain role), checks the observer's lifetime
        // before each state, and stops when disposed.
        return Signal.trusted { observer in
            let engine = LoopEngine(
                initial: initial,
                reducer: reducer,
                feedbacks: feedbacks,
                output: observer,
                context: context,
                diagnostics: diagnostics
            )
            engine.subscribe(feedbacks)
            engine.run()
            return engine
        }
    }
}
