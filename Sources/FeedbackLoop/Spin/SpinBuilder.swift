/// The declarative syntax of a spin: feedbacks, then exactly one reducer, last (Spin's DSL).
///
/// ```swift
/// let levelsSpin = Spin(initialState: Levels(left: 10, right: 20)) {
///     Feedback(effect: leftEffect)
///     if logging {
///         Feedback(reacting: { levels in print(levels); return nil })
///     }
///     for extra in plugins { extra }
///     Reducer(levelsReducer)
/// }
/// ```
///
/// The rules are checked at compile time: a body without a reducer, with two reducers, with a
/// feedback after the reducer, or with a reducer inside `if`/`for` does not type-check. The body
/// is built with `buildPartialBlock`, so it takes any number of feedbacks (no arity limit).
@resultBuilder
public enum SpinBuilder<State, Event> {
    /// The feedbacks and the reducer a complete body produces.
    ///
    /// ```swift
    /// let parts: SpinBuilder<Int, Event>.Parts = …   // what `Spin(initialState:) { … }` consumes
    /// ```
    public struct Parts {
        /// The feedbacks, in the order they were written.
        public let feedbacks: [Feedback<State, Event>]
        /// The reducer written last.
        public let reducer: Reducer<State, Event>
    }

    /// A feedback is a group of one.
    ///
    /// - Parameter feedback: A feedback written in the body.
    /// - Returns: The group containing it.
    public static func buildExpression(_ feedback: Feedback<State, Event>) -> [Feedback<State, Event>] {
        [feedback]
    }

    /// An array of feedbacks is a group.
    ///
    /// - Parameter feedbacks: Feedbacks written as one expression.
    /// - Returns: The same group.
    public static func buildExpression(_ feedbacks: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
        feedbacks
    }

    /// The reducer stands for itself; only the last statement of the body may be one.
    ///
    /// - Parameter reducer: The reducer written in the body.
    /// - Returns: The same reducer.
    public static func buildExpression(_ reducer: Reducer<State, Event>) -> Reducer<State, Event> {
        reducer
    }

    /// An empty `if`/`for` body: no feedback.
    ///
    /// - Returns: An empty group.
    public static func buildBlock() -> [Feedback<State, Event>] {
        []
    }

    /// The first group of feedbacks of a body.
    ///
    /// - Parameter first: The group.
    /// - Returns: The same group.
    public static func buildPartialBlock(first: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
        first
    }

    /// A body made only of a reducer: a spin without feedbacks.
    ///
    /// - Parameter first: The reducer.
    /// - Returns: The complete parts.
    public static func buildPartialBlock(first: Reducer<State, Event>) -> Parts {
        Parts(feedbacks: [], reducer: first)
    }

    /// Appends a group of feedbacks to the ones before it.
    ///
    /// - Parameters:
    ///   - accumulated: The feedbacks so far.
    ///   - next: The next group.
    /// - Returns: Both groups, in order.
    public static func buildPartialBlock(
        accumulated: [Feedback<State, Event>],
        next: [Feedback<State, Event>]
    ) -> [Feedback<State, Event>] {
        accumulated + next
    }

    /// Ends the body with the reducer. Nothing may follow it (there is no overload continuing
    /// from ``Parts``).
    ///
    /// - Parameters:
    ///   - accumulated: The feedbacks.
    ///   - next: The reducer.
    /// - Returns: The complete parts.
    public static func buildPartialBlock(
        accumulated: [Feedback<State, Event>],
        next: Reducer<State, Event>
    ) -> Parts {
        Parts(feedbacks: accumulated, reducer: next)
    }

    /// An `if` without `else` over feedbacks.
    ///
    /// - Parameter group: The feedbacks when the condition holds.
    /// - Returns: Those feedbacks, or none.
    public static func buildOptional(_ group: [Feedback<State, Event>]?) -> [Feedback<State, Event>] {
        group ?? []
    }

    /// The first branch of an `if`/`else` or `switch` over feedbacks.
    ///
    /// - Parameter first: The branch's feedbacks.
    /// - Returns: The same feedbacks.
    public static func buildEither(first: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
        first
    }

    /// The second branch of an `if`/`else` or `switch` over feedbacks.
    ///
    /// - Parameter second: The branch's feedbacks.
    /// - Returns: The same feedbacks.
    public static func buildEither(second: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
        second
    }

    /// A `for` loop over feedbacks.
    ///
    /// - Parameter groups: The feedbacks of each iteration.
    /// - Returns: All of them, in order.
    public static func buildArray(_ groups: [[Feedback<State, Event>]]) -> [Feedback<State, Event>] {
        groups.flatMap { $0 }
    }

    /// An `if #available` over feedbacks.
    ///
    /// - Parameter group: The feedbacks in the available branch.
    /// - Returns: The same feedbacks.
    public static func buildLimitedAvailability(_ group: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
        group
    }
}

extension SpinBuilder.Parts: Sendable {}
