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
final class DemandSubscription<S: Subscriber>: Subscription {
    private let subscriber: S
    // LockedState's own unchecked Sendable covers the (possibly non-Sendable) waiting elements:
    // they are only touched under its lock.
    private let gate = LockedState(DemandGate<S.Input, S.Failure>())
    /// The signal's observation; disposed on completion or cancellation (even before it is set).
    let upstream = SerialDisposable()

    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    func on(_ event: Signal<S.Input, S.Failure>.Event) {
        switch event {
        case .next(let input): run(gate.withLock { $0.receive(input) })
        case .completed: run(gate.withLock { $0.receive(completion: .finished) })
        case .failed(let error): run(gate.withLock { $0.receive(completion: .failure(error)) })
        }
    }

    func request(_ demand: Subscribers.Demand) {
        run(gate.withLock { $0.request(demand) })
    }

    func cancel() {
        run(gate.withLock { $0.cancel() })
        upstream.dispose()
    }

    /// Carries out the gate's actions, outside its lock, until it has none.
    private func run(_ first: DemandGate<S.Input, S.Failure>.Action) {
        var action = first
        while true {
            switch action {
            case .deliver(let input):
                let more = subscriber.receive(input)
                action = gate.withLock { $0.delivered(adding: more) }
            case .complete(let completion):
                subscriber.receive(completion: completion)
                upstream.dispose()
                return
            case .drop(let inputs):
                withExtendedLifetime(inputs) {}  // released here, outside the lock
                return
            case .none:
                return
            }
        }
    }
}
