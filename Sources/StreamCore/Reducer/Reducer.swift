/// A pure function from the current state and an action (or event) to the next state: the one
/// reducer type of the toolkit.
///
/// The same value runs in a StoreKitLite `Store`, in a FeedbackLoop `Signal.system` or `Spin`,
/// in `TestStore` and in `TestLoop`. It lives in StreamCore, below both modules, so a file that
/// imports FeedbackLoop and StoreKitLite writes `Reducer<State, Action>` unqualified (see
/// `Docs/Decisions/0014-one-reducer-and-awaitable-send.md`).
///
/// Two ways to write one:
///
/// ```swift
/// enum CounterAction: Sendable { case increment, decrement }
///
/// // In place (TCA's form): the cheapest for large states.
/// let counter = Reducer<Int, CounterAction>(mutating: { state, action in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// })
///
/// // Returning the next state (ReactiveFeedback's, Spin's and ReSwift's form).
/// let counting = Reducer<Int, CounterAction> { count, action in
///     action == .increment ? count + 1 : count - 1
/// }
/// ```
///
/// A reducer must be pure (no side effects, no clock) and deterministic: the same state and
/// action always give the same next state, so a store's journal or a loop's events replay
/// exactly. Side effects belong in feedbacks, effects and middleware.
///
/// A reducer may refuse an action by throwing a ``StoreError`` (``StoreError/rejected(_:)`` with a
/// reason, or ``StoreError/refusing(_:)`` with a typed domain error). **Throw before you change
/// the state**: the state is reduced in place (no copy per action), so whatever a reducer changed
/// before throwing stays changed. A reducer that may refuse after changing the state (a
/// `combine` of reducers that refuse) gets atomic refusals from
/// ``restoringStateOnRefusal()``, at the cost of a copy of what it changes. StoreKitLite's
/// `TestStore` fails a test whose reducer changed the state and then refused. A store then
/// publishes the error instead of a new state; a loop drops the event and reports it to its
/// diagnostics.
public struct Reducer<State, Action>: Sendable {
    /// The reducing function: changes the state in place, or throws to refuse the action.
    public typealias Reduce = @Sendable (inout State, Action) throws(StoreError) -> Void

    /// The reducing function.
    public let reduce: Reduce

    /// Creates a reducer from a function that returns the next state (the form of ReactiveFeedback,
    /// Spin, ReSwift and RxState).
    ///
    /// ```swift
    /// let levels = Reducer<Levels, Event> { levels, event in levels.applying(event) }
    /// let spin = Reducer(levelsReducer)        // a `(Levels, Event) -> Levels` function
    /// ```
    ///
    /// A returned state is a new value: a collection the function changes is copied. For large
    /// states, write the reducer in place with ``init(mutating:)``.
    ///
    /// - Parameter next: Returns the state after the action.
    @inlinable
    public init(_ next: @escaping @Sendable (State, Action) -> State) {
        self.reduce = { state, action in state = next(state, action) }
    }

    /// Creates a reducer that changes the state in place (TCA's form, and the cheapest: a
    /// collection in the state is changed without a copy).
    ///
    /// ```swift
    /// let tasks = Reducer<TasksState, TasksAction>(mutating: { state, action in
    ///     switch action {
    ///     case .add(let title): state.tasks.append(Task(title: title))
    ///     case .clear: state.tasks.removeAll()
    ///     }
    /// })
    /// ```
    ///
    /// A trailing closure that declares `throws(StoreError)` also resolves to this form:
    /// `Reducer { state, action throws(StoreError) in … }`. (An unannotated trailing closure is
    /// read as the returning form, ``init(_:)``: the label keeps an in-place closure from being
    /// mistaken for one that returns a state, and the other way round.)
    ///
    /// - Parameter reduce: Changes the state for the action; throws to refuse it (before
    ///   changing anything).
    @inlinable
    @_disfavoredOverload
    public init(mutating reduce: @escaping Reduce) {
        self.reduce = reduce
    }

    /// Reduces `state` with `action`, in place.
    ///
    /// - Parameters:
    ///   - state: The state to update in place.
    ///   - action: The action.
    /// - Throws: ``StoreError`` when the reducer refuses the action.
    @inlinable
    public func callAsFunction(_ state: inout State, _ action: Action) throws(StoreError) {
        try reduce(&state, action)
    }

    /// Returns the state after `action`, leaving `state` unchanged.
    ///
    /// - Parameters:
    ///   - state: The current state.
    ///   - action: The action.
    /// - Returns: The next state.
    /// - Throws: ``StoreError`` when the reducer refuses the action.
    @inlinable
    public func callAsFunction(_ state: State, _ action: Action) throws(StoreError) -> State {
        var next = state
        try reduce(&next, action)
        return next
    }

    /// A reducer that changes nothing.
    public static var empty: Reducer {
        Reducer(mutating: { _, _ in })
    }

    /// Runs reducers one after the other on the same state and action.
    ///
    /// ```swift
    /// let app = Reducer.combine(tasksReducer, settingsReducer, analyticsReducer)
    /// ```
    ///
    /// The first reducer that throws stops the chain, and the action is refused. Reducers that
    /// ran before it keep their changes (reduction is in place), so put the reducers that may
    /// refuse an action first, or make the combination's refusals atomic with
    /// ``restoringStateOnRefusal()``.
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
        return Reducer(mutating: { (state: inout State, action: Action) throws(StoreError) in
            for reduce in all { try reduce(&state, action) }
        })
    }
}
