/// The state machine of a ``Subscriber``'s subscription: the demand, the events waiting for it,
/// and who delivers. Kept in a ``LockedState`` and driven under its lock; every input returns an
/// action the caller carries out after unlocking.
///
/// One thread at a time delivers (the *role*): the one whose input found the gate idle with an
/// event it may hand over. An event that arrives meanwhile, or before there is demand for it,
/// waits in order; the completion waits behind the elements. After each delivery the holder
/// reports the subscriber's additional demand (``delivered(adding:)``) and carries out the next
/// action, so deliveries never overlap and never recurse (a `request` from inside `receive(_:)`
/// only raises the demand).
struct DemandGate<Input, Failure: Swift.Error> {
    enum Phase: Equatable {
        /// Nobody delivers.
        case idle
        /// A holder delivers; it asks for the next action when the subscriber returns.
        case delivering
        /// Completed or cancelled: nothing more is delivered.
        case finished
    }

    /// What the caller does after unlocking.
    enum Action {
        /// Deliver the element, then call ``delivered(adding:)`` with the returned demand.
        case deliver(Input)
        /// Deliver the completion, then dispose the upstream.
        case complete(Subscribers.Completion<Failure>)
        /// Nothing to deliver now.
        case none
        /// Release these elements (outside the lock): the subscription ended.
        case drop([Input])
    }

    private(set) var phase = Phase.idle
    private var demand = Subscribers.Demand.none
    private var waiting = FIFOQueue<Input>()
    private var completion: Subscribers.Completion<Failure>?

    /// An element from the signal.
    mutating func receive(_ input: Input) -> Action {
        switch phase {
        case .finished:
            return .drop([input])
        case .delivering:
            waiting.append(input)
            return .none
        case .idle:
            waiting.append(input)
            return next()
        }
    }

    /// The signal's completion.
    mutating func receive(completion: Subscribers.Completion<Failure>) -> Action {
        guard phase != .finished, self.completion == nil else { return .none }
        self.completion = completion
        return phase == .idle ? next() : .none
    }

    /// More demand from the subscriber's subscription.
    mutating func request(_ more: Subscribers.Demand) -> Action {
        guard phase != .finished else { return .none }
        demand += more
        return phase == .idle ? next() : .none
    }

    /// The holder's subscriber returned from `receive(_:)` with `more` demand.
    mutating func delivered(adding more: Subscribers.Demand) -> Action {
        // Finished: cancelled while the subscriber was receiving (from inside it, or elsewhere).
        if phase == .finished { return .none }
        precondition(phase == .delivering, "Internal inconsistency: delivered in \(phase)")
        demand += more
        return next()
    }

    /// The subscription was cancelled: the waiting elements are handed back to be released.
    mutating func cancel() -> Action {
        guard phase != .finished else { return .none }
        phase = .finished
        completion = nil
        return .drop(Array(waiting.removeAll()))
    }

    /// Takes the role (or keeps it) for the next deliverable event, or gives it back.
    private mutating func next() -> Action {
        if demand != .none, let input = waiting.popFirst() {
            if let count = demand.max { demand = .max(count - 1) }
            phase = .delivering
            return .deliver(input)
        }
        if waiting.isEmpty, let completion {
            phase = .finished
            self.completion = nil
            return .complete(completion)
        }
        phase = .idle
        return .none
    }
}
