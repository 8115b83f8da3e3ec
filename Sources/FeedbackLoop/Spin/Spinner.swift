public import StreamCore

/// The entry point of the builder syntax for spins (Spin's `Spinner`).
///
/// ```swift
/// let levelsSpin = Spinner
///     .initialState(Levels(left: 10, right: 20))
///     .feedback(Feedback(effect: leftEffect))
///     .feedback(Feedback(effect: rightEffect))
///     .reducer(Reducer(levelsReducer))
/// ```
public enum Spinner {
    /// Starts a spin description with its initial state and its executer.
    ///
    /// ```swift
    /// Spinner.initialState(0, executeOn: .main)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the loop starts from.
    ///   - executer: Where the reducer runs and states are delivered; `.immediate` by default.
    /// - Returns: The next step: add feedbacks, then the reducer.
    public static func initialState<State>(
        _ initialState: State,
        executeOn executer: ExecutionContext = .immediate
    ) -> SpinnerState<State> {
        SpinnerState(initialState: initialState, executer: executer)
    }

    /// Starts a spin description whose loop runs on `scheduler`.
    ///
    /// ```swift
    /// Spinner.initialState(0, executeOn: DispatchQueue.main)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the loop starts from.
    ///   - scheduler: Where the reducer runs and states are delivered.
    /// - Returns: The next step: add feedbacks, then the reducer.
    public static func initialState<State>(
        _ initialState: State,
        executeOn scheduler: some Scheduler
    ) -> SpinnerState<State> {
        SpinnerState(initialState: initialState, executer: scheduler.context)
    }
}

/// A spin description with an initial state and no feedback yet (see ``Spinner``).
///
/// ```swift
/// let step: SpinnerState<Levels> = Spinner.initialState(Levels(left: 10, right: 20))
/// ```
public struct SpinnerState<State> {
    /// The state the loop will start from.
    public let initialState: State
    /// Where the loop will run.
    public let executer: ExecutionContext

    /// Adds the first feedback, which fixes the event type.
    ///
    /// ```swift
    /// Spinner.initialState(levels).feedback(Feedback(effect: leftEffect))
    /// ```
    ///
    /// - Parameter feedback: The first side effect.
    /// - Returns: The next step: more feedbacks, then the reducer.
    public func feedback<Event>(_ feedback: Feedback<State, Event>) -> SpinnerFeedback<State, Event> {
        SpinnerFeedback(initialState: initialState, feedbacks: [feedback], executer: executer)
    }

    /// Ends the description with a reducer, for a spin without feedbacks.
    ///
    /// - Parameter reducer: The pure reducer.
    /// - Returns: The spin.
    public func reducer<Event>(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, feedbacks: [], reducer: reducer, executeOn: executer)
    }
}

extension SpinnerState: Sendable where State: Sendable {}

/// A spin description with an initial state and feedbacks (see ``Spinner``).
///
/// ```swift
/// let spin = Spinner.initialState(levels).feedback(left).feedback(right).reducer(Reducer(levelsReducer))
/// ```
public struct SpinnerFeedback<State, Event> {
    /// The state the loop will start from.
    public let initialState: State
    /// The feedbacks added so far, in order.
    public let feedbacks: [Feedback<State, Event>]
    /// Where the loop will run.
    public let executer: ExecutionContext

    /// Adds another feedback, subscribed after the previous ones.
    ///
    /// - Parameter feedback: The side effect to add.
    /// - Returns: The description with `feedback` appended.
    public func feedback(_ feedback: Feedback<State, Event>) -> SpinnerFeedback {
        SpinnerFeedback(initialState: initialState, feedbacks: feedbacks + [feedback], executer: executer)
    }

    /// Ends the description with the reducer.
    ///
    /// ```swift
    /// let spin = Spinner.initialState(levels).feedback(left).reducer(Reducer(levelsReducer))
    /// ```
    ///
    /// - Parameter reducer: The pure reducer.
    /// - Returns: The spin.
    public func reducer(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, feedbacks: feedbacks, reducer: reducer, executeOn: executer)
    }
}

extension SpinnerFeedback: Sendable where State: Sendable {}
