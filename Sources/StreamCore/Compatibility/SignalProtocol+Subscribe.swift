extension SignalProtocol {
    /// Attaches a Combine-shaped ``Subscriber`` (ReactiveKit's `subscribe(_:)`).
    ///
    /// ```swift
    /// Signal(sequence: [1, 2, 3]).subscribe(printer)
    /// ```
    ///
    /// The subscriber is handed its ``Subscription`` first; then the signal is observed, and its
    /// elements are delivered as the subscriber asks for them (the others wait, in order, and
    /// the completion after them). Cancelling the subscription disposes the observation. Calls
    /// arrive serially, on the thread that sends an event or raises the demand.
    ///
    /// - Parameter subscriber: The subscriber.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Element, S.Failure == Error {
        let subscription = DemandSubscription(subscriber)
        subscriber.receive(subscription: subscription)
        subscription.upstream.otherDisposable = observe(with: { subscription.on($0) })
    }

    /// Attaches an observer value, such as StreamCoreTesting's `Subscribers.Accumulator`
    /// (ReactiveKit's `subscribe(_:)` of its test subscriber): the same as `observe(with:)`.
    ///
    /// ```swift
    /// let accumulator = Subscribers.Accumulator<Int, Never>()
    /// signal.subscribe(accumulator)
    /// ```
    ///
    /// - Parameter observer: Receives every event.
    /// - Returns: A disposable that ends the observation.
    @discardableResult
    public func subscribe<O: ObserverProtocol>(_ observer: O) -> any Disposable
    where O.Element == Element, O.Error == Error {
        observe(with: observer)
    }
}

/// The ``Subscription`` that `subscribe(_:)` hands its subscriber.
///
/// It holds the subscriber until the completion is delivered or the subscription is cancelled,
/// and then lets it go, so that a subscriber keeping its subscription (the usual Combine shape)
/// is not kept in a cycle with it.
final class DemandSubscription<S: Subscriber>: Subscription {
    private struct Locked {
        var gate = DemandGate<S.Input, S.Failure>()
        var subscriber: S?
    }

    // LockedState's own unchecked Sendable covers the (possibly non-Sendable) waiting elements:
    // they are only touched under its lock.
    private let state: LockedState<Locked>
    /// The signal's observation; disposed on completion or cancellation (even before it is set).
    let upstream = SerialDisposable()

    init(_ subscriber: S) {
        state = LockedState(Locked(subscriber: subscriber))
    }

    func on(_ event: Signal<S.Input, S.Failure>.Event) {
        switch event {
        case .next(let input): run { $0.receive(input) }
        case .completed: run { $0.receive(completion: .finished) }
        case .failed(let error): run { $0.receive(completion: .failure(error)) }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        run { $0.request(demand) }
    }

    func cancel() {
        run { $0.cancel() }
        upstream.dispose()
    }

    /// Feeds the gate one input, then carries out its actions, outside its lock, until it has
    /// none. The subscriber is taken out of the state with the completion or the cancellation,
    /// and released here, outside the lock.
    private func run(_ input: (inout DemandGate<S.Input, S.Failure>) -> DemandGate<S.Input, S.Failure>.Action) {
        var (action, subscriber) = step(input)
        while true {
            switch action {
            case .deliver(let element):
                let more = subscriber?.receive(element) ?? .none
                (action, subscriber) = step { $0.delivered(adding: more) }
            case .complete(let completion):
                subscriber?.receive(completion: completion)
                upstream.dispose()
                return
            case .drop(let elements):
                withExtendedLifetime((elements, subscriber)) {}  // released here, outside the lock
                return
            case .none:
                return
            }
        }
    }

    private func step(
        _ input: (inout DemandGate<S.Input, S.Failure>) -> DemandGate<S.Input, S.Failure>.Action
    ) -> (DemandGate<S.Input, S.Failure>.Action, S?) {
        state.withLock { locked in
            let action = input(&locked.gate)
            switch action {
            case .deliver: return (action, locked.subscriber)
            case .complete, .drop: return (action, locked.subscriber.take())
            case .none: return (action, nil)
            }
        }
    }
}
