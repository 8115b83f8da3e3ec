public import StreamCore

/// A feedback loop described as a value: an initial state, feedbacks, a reducer and the context
/// the loop runs on (Spin's `Spin`).
///
/// A spin does nothing until it is started with `Signal.stream(from:)` or
/// `Signal.start(spin:)`; each start runs a loop of its own. Build one with the
/// declarative syntax or with ``Spinner``:
///
/// ```swift
/// let levelsSpin = Spin(initialState: Levels(left: 10, right: 20)) {
///     Feedback(effect: leftEffect)
///     Feedback(effect: rightEffect)
///     Reducer(levelsReducer)
/// }
/// let disposable = Signal.start(spin: levelsSpin)
/// ```
public struct Spin<State, Event> {
    /// The state the loop starts from.
    public let initialState: State
    /// The side effects, subscribed in this order when the loop starts.
    public let feedbacks: [Feedback<State, Event>]
    /// The pure function computing the next state.
    public let reducer: Reducer<State, Event>
    /// Where the reducer runs and states are delivered (Spin's `executer`); feedbacks receive
    /// states there unless moved with ``Feedback/execute(on:)-(ExecutionContext)``.
    public let executer: ExecutionContext

    /// Creates a spin from its parts.
    ///
    /// ```swift
    /// let spin = Spin(initialState: 0, feedbacks: [ticker], reducer: Reducer { count, _ in count + 1 })
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the loop starts from.
    ///   - feedbacks: The side effects, subscribed in this order.
    ///   - reducer: The pure reducer.
    ///   - executer: Where the reducer runs and states are delivered; `.immediate` by default
    ///     (the loop runs on the thread that sends each event, serially).
    public init(
        initialState: State,
        feedbacks: [Feedback<State, Event>],
        reducer: Reducer<State, Event>,
        executeOn executer: ExecutionContext = .immediate
    ) {
        self.initialState = initialState
        self.feedbacks = feedbacks
        self.reducer = reducer
        self.executer = executer
    }

    /// Returns the same spin with more feedbacks, subscribed after the existing ones.
    ///
    /// ```swift
    /// let logged = spin.adding(Feedback(reacting: { state in log(state); return nil }))
    /// ```
    ///
    /// - Parameter feedbacks: The feedbacks to append.
    /// - Returns: A spin with `feedbacks` appended.
    public func adding(_ feedbacks: Feedback<State, Event>...) -> Spin {
        Spin(initialState: initialState, feedbacks: self.feedbacks + feedbacks, reducer: reducer, executeOn: executer)
    }
}

extension Spin: Sendable where State: Sendable {}

extension Spin: SpinConvertible {
    /// The spin itself.
    public var spin: Spin<State, Event> { self }
}
