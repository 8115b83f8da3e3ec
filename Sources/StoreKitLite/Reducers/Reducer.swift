/// A pure function from the current state and an action to the next state.
///
/// Reducers mutate the state they are given in place (`inout`), which is both cheaper and easier
/// to read than returning a copy, and may throw a ``StoreError`` to refuse an action: the store
/// then keeps the previous state and publishes the error.
///
/// ```swift
/// enum CounterAction: Sendable { case increment, decrement }
/// let counter = Reducer<Int, CounterAction> { state, action in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// }
/// ```
///
/// A reducer must be pure: no side effects, no reading of the clock. Side effects belong in
/// effects (see ``Store/attach(effect:)``) and middleware.
public struct Reducer<State, Action>: Sendable {
    /// The reducing function.
    public typealias Reduce = @Sendable (inout State, Action) throws(StoreError) -> Void

    @usableFromInline
    let reduce: Reduce

    /// Creates a reducer from a function.
    ///
    /// - Parameter reduce: Mutates the state for the action; throws to refuse it.
    @inlinable
    public init(_ reduce: @escaping Reduce) {
        self.reduce = reduce
    }

    /// Reduces `state` with `action`.
    ///
    /// - Parameters:
    ///   - state: The state to update in place.
    ///   - action: The action.
    /// - Throws: ``StoreError`` when the action cannot be reduced.
    @inlinable
    public func callAsFunction(_ state: inout State, _ action: Action) throws(StoreError) {
        try reduce(&state, action)
    }

    /// A reducer that changes nothing.
    public static var empty: Reducer {
        Reducer { _, _ in }
    }

    /// Runs reducers one after the other on the same state and action.
    ///
    /// ```swift
    /// let app = Reducer.combine(tasksReducer, settingsReducer, analyticsReducer)
    /// ```
    ///
    /// The first reducer that throws stops the chain; the store then discards the partial
    /// result, so a combined reduction is all or nothing.
    ///
    /// - Parameter reducers: The reducers, in the order they run.
    /// - Returns: The combined reducer.
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs an array of reducers one after the other on the same state and action.
    ///
    /// - Parameter reducers: The reducers, in the order they run.
    /// - Returns: The combined reducer.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        let all = ContiguousArray(reducers.map(\.reduce))
        return Reducer { state, action throws(StoreError) in
            for reduce in all { try reduce(&state, action) }
        }
    }
}
