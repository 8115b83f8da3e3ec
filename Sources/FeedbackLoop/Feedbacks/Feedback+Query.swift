public import StreamCore

extension Feedback {
    /// A feedback that runs `effects` for every state matching `predicate` (ReactiveFeedback).
    ///
    /// A state that does not match cancels the running effect; so does each new matching state.
    ///
    /// ```swift
    /// let loadNext = Feedback<State, Event>(predicate: { !$0.isPaging }) { _ in
    ///     nearBottom.map { Event.startLoadingNextPage }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Which states start an effect.
    ///   - effects: Called serially for each matching state; returns its events.
    @inlinable
    public init(
        predicate: @escaping @Sendable (State) -> Bool,
        effects: @escaping @Sendable (State) -> Signal<Event, Never>
    ) {
        self.init(events: { states in
            states.flatMapLatest { state in predicate(state) ? effects(state).trackedAsEffect() : Signal.completed() }
        })
        perStateEffect = { state in predicate(state) ? effects(state) : nil }
    }

    /// A feedback that runs `effects` when the value derived from the state changes and is not
    /// `nil` (ReactiveFeedback's query form).
    ///
    /// Repeated values are skipped, so a state change that does not change the query does not
    /// restart the effect; a new value cancels the running effect and starts the next one, and
    /// `nil` cancels it.
    ///
    /// ```swift
    /// let paging = Feedback<State, Event>(skippingRepeated: { $0.nextPage }) { page in
    ///     api.movies(page: page).map(Event.response).recover { .failed($0) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - query: Derives the effect's input from the state; `nil` means "no effect".
    ///   - effects: Called serially for each new non-`nil` value; returns its events.
    @inlinable
    public init<Control: Equatable & Sendable>(
        skippingRepeated query: @escaping @Sendable (State) -> Control?,
        effects: @escaping @Sendable (Control) -> Signal<Event, Never>
    ) {
        self.init(events: { states in
            states.map(query)
                .removeDuplicates()
                .flatMapLatest { control in control.map { effects($0).trackedAsEffect() } ?? Signal.completed() }
        })
    }

    /// A feedback that runs `effects` for every state whose derived value is not `nil`, repeats
    /// included (ReactiveFeedback's `lensing:` form).
    ///
    /// ```swift
    /// let retry = Feedback<State, Event>(lensing: { $0.retryPage }) { page in fetch(page) }
    /// ```
    ///
    /// - Parameters:
    ///   - lens: Derives the effect's input from the state; `nil` cancels the running effect.
    ///   - effects: Called serially for each non-`nil` value; returns its events.
    @inlinable
    public init<Control: Sendable>(
        lensing lens: @escaping @Sendable (State) -> Control?,
        effects: @escaping @Sendable (Control) -> Signal<Event, Never>
    ) {
        self.init(events: { states in
            states.flatMapLatest { state in lens(state).map { effects($0).trackedAsEffect() } ?? Signal.completed() }
        })
        perStateEffect = { state in lens(state).map(effects) }
    }

    /// A feedback that answers states synchronously: `event(state)` is sent for each state where
    /// it is not `nil`. The cheapest feedback: no effect signal per state.
    ///
    /// ```swift
    /// let counter = Feedback<Int, Event>(reacting: { $0 < 10 ? .increment : nil })
    /// ```
    ///
    /// - Parameter event: The event to send for a state, or `nil` for none.
    @inlinable
    public init(reacting event: @escaping @Sendable (State) -> Event?) {
        self.init(events: { states in states.compactMap(event) })
        reaction = event
    }

    /// A feedback that sends the events of an external signal (user input, notifications),
    /// whatever the state.
    ///
    /// ```swift
    /// let taps = Feedback<Int, Event>(events: plusButton.taps.map { Event.increment })
    /// ```
    ///
    /// - Parameter events: The signal whose elements are sent to the loop.
    @inlinable
    public init<Input: SignalProtocol>(events: Input) where Input.Element == Event, Input.Error == Never {
        self.init(events: { _ in events.toSignal() })
    }

    /// A feedback and the function that sends events through it, for input that is pushed rather
    /// than observed (ReactiveFeedback's `Feedback.input`).
    ///
    /// ```swift
    /// let (input, send) = Feedback<State, Event>.input
    /// let system = Signal.system(initial: .initial, reduce: reduce, feedbacks: [input, paging])
    /// send(.retry)
    /// ```
    public static var input: (feedback: Feedback, send: @Sendable (Event) -> Void) {
        let subject = PassthroughSubject<Event, Never>()
        return (Feedback(events: subject), { event in subject.send(event) })
    }
}
