/// The pure function that computes the next state of a loop from the current state and an event.
///
/// The reducer is the only place where state changes. It must not perform side effects (that is
/// what feedbacks are for), so that a loop is reproducible from its events.
///
/// ```swift
/// let counter = Reducer<Int, Event> { count, event in
///     switch event {
///     case .increment: count + 1
///     case .decrement: count - 1
///     }
/// }
/// ```
public struct Reducer<State, Event>: Sendable {
    /// Applies an event to the state in place.
    public let reduce: @Sendable (inout State, Event) -> Void

    /// Creates a reducer from a function returning the next state (ReactiveFeedback and Spin form).
    ///
    /// - Parameter reduce: Returns the state after `event`.
    @inlinable
    public init(_ reduce: @escaping @Sendable (State, Event) -> State) {
        self.reduce = { state, event in state = reduce(state, event) }
    }

    /// Creates a reducer that changes the state in place (cheaper for large states).
    ///
    /// ```swift
    /// let reducer = Reducer<Context, Event>(mutating: { context, event in
    ///     if case .response(let batch) = event { context.movies += batch.results }
    /// })
    /// ```
    ///
    /// - Parameter reduce: Changes the state for `event`.
    @inlinable
    @_disfavoredOverload
    public init(mutating reduce: @escaping @Sendable (inout State, Event) -> Void) {
        self.reduce = reduce
    }

    /// Returns the state after `event`, leaving `state` unchanged.
    ///
    /// - Parameters:
    ///   - state: The current state.
    ///   - event: The event to apply.
    /// - Returns: The next state.
    @inlinable
    public func callAsFunction(_ state: State, _ event: Event) -> State {
        var next = state
        reduce(&next, event)
        return next
    }

    /// Runs several reducers one after the other for each event.
    ///
    /// ```swift
    /// let app = Reducer.combine(paging, favourites)
    /// ```
    ///
    /// - Parameter reducers: Applied in order.
    /// - Returns: A reducer applying every one of them.
    @inlinable
    public static func combine(_ reducers: Reducer...) -> Reducer {
        let all = reducers
        return Reducer(mutating: { state, event in
            for reducer in all { reducer.reduce(&state, event) }
        })
    }
}
