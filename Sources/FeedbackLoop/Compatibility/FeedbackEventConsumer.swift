public import StreamCore

/// Where a feedback written in ReactiveFeedback's consumer form sends its events.
///
/// The loop hands one to the consumer form of `Feedback(events:)`;
/// events sent to it, from any thread, are queued by the loop in the order they arrive, and
/// nothing is accepted after the loop is disposed.
///
/// ```swift
/// let reset = Feedback<Int, CounterEvent> { states, output in
///     states.filter { $0 > 100 }.map { _ in .reset }.enqueue(to: output)
/// }
/// ```
public struct FeedbackEventConsumer<Event: Sendable>: Sendable {
    @usableFromInline
    let observer: Observer<Event, Never>

    @inlinable
    init(observer: Observer<Event, Never>) {
        self.observer = observer
    }

    /// Sends `event` to the loop.
    ///
    /// - Parameter event: The event for the loop's reducer.
    @inlinable
    public func send(_ event: Event) {
        observer.receive(event)
    }
}

extension Feedback where Event: Sendable {
    /// A feedback that observes the state signal itself and sends its events to a consumer
    /// (ReactiveFeedback's `Feedback { states, output in … }`).
    ///
    /// ```swift
    /// let reset = Feedback<Int, CounterEvent> { states, output in
    ///     states.filter { $0 > 100 }.map { _ in .reset }.enqueue(to: output)
    /// }
    /// ```
    ///
    /// - Parameter events: Called once when the loop starts, with the signal of states (the
    ///   current state first) and the consumer; returns the disposable that ends what it started,
    ///   which the loop disposes with itself.
    @inlinable
    public init(
        events: @escaping @Sendable (Signal<State, Never>, FeedbackEventConsumer<Event>) -> any Disposable
    ) {
        self.init(events: { (states: Signal<State, Never>) -> Signal<Event, Never> in
            Signal { observer in events(states, FeedbackEventConsumer(observer: observer)) }
        })
    }
}

extension SignalProtocol where Error == Never, Element: Sendable {
    /// Observes the signal and sends its elements to a feedback's event consumer
    /// (ReactiveFeedback's `enqueue(to:)`).
    ///
    /// ```swift
    /// Feedback<Int, CounterEvent> { states, output in
    ///     plusTaps.map { .increment }.enqueue(to: output)
    /// }
    /// ```
    ///
    /// - Parameter consumer: The loop's consumer.
    /// - Returns: The observation; dispose it to stop sending.
    public func enqueue(to consumer: FeedbackEventConsumer<Element>) -> any Disposable {
        observe { event in
            if case .next(let element) = event { consumer.send(element) }
        }
    }
}
