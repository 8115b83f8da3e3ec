public import StreamCore

// ReactiveFeedback's `feedbackLoop` spellings of `Signal.system`.
extension Signal where Error == Never, Element: Sendable {
    /// A feedback loop's signal of states (ReactiveFeedback's newer name for
    /// ``system(initial:executeOn:reduce:feedbacks:diagnostics:)``).
    ///
    /// ```swift
    /// let loop = Signal<Int, Never>.feedbackLoop(initial: 0, reduce: reduce, feedbacks: [increment])
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - reduce: The pure reducer.
    ///   - feedbacks: The side effects, subscribed in this order.
    /// - Returns: A cold signal of states; each observation starts a loop.
    public static func feedbackLoop<Event: Sendable>(
        initial: Element,
        reduce: @escaping @Sendable (Element, Event) -> Element,
        feedbacks: [Feedback<Element, Event>]
    ) -> Signal {
        system(initial: initial, reduce: reduce, feedbacks: feedbacks)
    }

    /// A feedback loop's signal of states with ReactiveFeedback's in-place reducer,
    /// `(inout State, Event) -> Void` (the `Loop` era's `Reducer`).
    ///
    /// ```swift
    /// static func reduce(state: inout Counter, event: Event) { state.count += 1 }
    /// let loop = Signal<Counter, Never>.feedbackLoop(initial: Counter(), reduce: reduce, feedbacks: [increment])
    /// ```
    ///
    /// The reducer changes the state in place (no copy of it per event); the loop is otherwise
    /// the one of ``system(initial:executeOn:reduce:feedbacks:diagnostics:)``.
    ///
    /// - Parameters:
    ///   - initial: The first state.
    ///   - reduce: Changes the state for an event, in place.
    ///   - feedbacks: The side effects, subscribed in this order.
    /// - Returns: A cold signal of states; each observation starts a loop.
    public static func feedbackLoop<Event: Sendable>(
        initial: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> Void,
        feedbacks: [Feedback<Element, Event>]
    ) -> Signal {
        system(initial: initial, reducer: Reducer(mutating: reduce), feedbacks: feedbacks)
    }
}
