public import StreamCore

/// A feedback: the part of a loop that performs side effects.
///
/// It watches the states of the loop and answers with events, which the reducer turns into the
/// next states. Its core is a function from the signal of states to a signal of events, as in
/// ReactiveFeedback; the initializers in this module build that function from the shapes people
/// use: a predicate and an effect, a derived query that must change, a per-state effect with an
/// execution strategy (Spin), keyed requests, a gear, or an external input signal.
///
/// ```swift
/// let increment = Feedback<Int, Event>(events: plusTaps.map { .increment })
/// let announce = Feedback<State, Event> { state in Signal(just: .announced(state.title)) }
/// let loadPage = Feedback<State, Event>(skippingRepeated: \.nextPage) { page in
///     api.movies(page: page).map(Event.response).recover { .failed($0) }
/// }
/// ```
///
/// A feedback receives the states on the loop's context unless `execute(on:)` moves it to
/// another one; the events it sends may come from any thread, and the loop queues them in order.
public struct Feedback<State, Event>: Sendable {
    /// Turns the signal of states into the signal of events the loop reduces.
    public let effects: @Sendable (Signal<State, Never>) -> Signal<Event, Never>

    /// Where the feedback receives states; `nil` means the loop's own context.
    public var context: ExecutionContext?

    /// A name for diagnostics (re-entrancy reports); `nil` means "feedback #index".
    public var name: String?

    /// The synchronous answer of a ``init(reacting:)`` feedback: the loop engine calls it directly
    /// for each state (no state signal, no lock of its own) when the feedback runs on the loop's
    /// context. `effects` does the same through a signal, for every other host.
    @usableFromInline
    var reaction: (@Sendable (State) -> Event?)?

    /// The per-state effect of a feedback whose effect a new state cancels (`Feedback(effects:)`,
    /// `Feedback(predicate:effects:)`, `Feedback(lensing:effects:)`, `Feedback(effect:)` with
    /// `.cancelOnNewState`): the effect for a state, or `nil` for none. The loop engine runs it
    /// itself for each state when the feedback runs on the loop's context (no state signal, no
    /// `flatMapLatest`, and no allocation for an effect that ends synchronously); `effects` does
    /// the same through a signal, for every other host.
    @usableFromInline
    var perStateEffect: (@Sendable (State) -> Signal<Event, Never>?)?

    /// Creates a feedback from a function of the whole state signal (ReactiveFeedback's
    /// `Feedback(events:)`; ReactiveFeedback's and RxFeedback's core form).
    ///
    /// ```swift
    /// let reset = Feedback<Int, Event>(events: { states in
    ///     states.filter { $0 > 100 }.map { _ in .reset }
    /// })
    /// ```
    ///
    /// The label is required in practice: a bare trailing closure, `Feedback { state in … }`,
    /// means one effect per state (``init(effects:)``), as in ReactiveFeedback. This initializer
    /// is chosen for a trailing closure only when its body cannot be read per state (it uses the
    /// parameter as a signal).
    ///
    /// - Parameter events: Called once when the loop starts, with the signal of states (the
    ///   current state first); returns the events for the loop. Errors are impossible by type.
    @inlinable
    @_disfavoredOverload  // `Feedback { state in … }` must mean one effect per state (Decision 0020)
    public init(
        events: @escaping @Sendable (Signal<State, Never>) -> Signal<Event, Never>
    ) {
        self.effects = events
        self.reaction = nil
        self.perStateEffect = nil
    }

    /// Receives the states on `context` instead of the loop's context (Spin's `execute(on:)`).
    ///
    /// ```swift
    /// Feedback(effect: loadUser).execute(on: .global(qos: .userInitiated))
    /// ```
    ///
    /// - Parameter context: Where the feedback's effects are started.
    /// - Returns: The same feedback, moved to `context`.
    @inlinable
    public func execute(on context: ExecutionContext) -> Feedback {
        var copy = self
        copy.context = context
        return copy
    }

    /// Receives the states on `scheduler`'s context instead of the loop's context.
    ///
    /// - Parameter scheduler: Where the feedback's effects are started.
    /// - Returns: The same feedback, moved to `scheduler`.
    @inlinable
    public func execute(on scheduler: some Scheduler) -> Feedback {
        execute(on: scheduler.context)
    }

    /// Names the feedback, for re-entrancy reports and debugging.
    ///
    /// ```swift
    /// Feedback(effect: loadPage).named("paging")
    /// ```
    ///
    /// - Parameter name: The name reports use.
    /// - Returns: The same feedback with that name.
    @inlinable
    public func named(_ name: String) -> Feedback {
        var copy = self
        copy.name = name
        return copy
    }
}
