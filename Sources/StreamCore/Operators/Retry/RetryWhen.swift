extension SignalProtocol {
    /// On failure, asks `trigger` when to try again and observes the signal anew once the
    /// returned signal sends an element.
    ///
    /// Marble (each trigger sends one tick after the failure): `-a#` → `-a--a--a…`
    ///
    /// ```swift
    /// fetch.retry(when: { error, attempt in
    ///     attempt <= 3 && error.isTransient
    ///         ? Signal<Void, FetchError>(just: (), after: .seconds(attempt), scheduler: queue)
    ///         : Signal.completed()               // give up: fail with `error`
    /// })
    /// ```
    ///
    /// For each failure of the upstream, `trigger` is called with the error and the attempt
    /// number (1 for the first failure of this observation, counting every failure since
    /// observing). Then:
    /// - the trigger's first element resubscribes to the upstream (the trigger is disposed);
    /// - a trigger that completes without an element gives up: the signal fails with the
    ///   upstream's error;
    /// - a trigger that fails makes the signal fail with the trigger's error.
    ///
    /// Elements and the completion of the upstream pass through. Resubscribing is a loop, not a
    /// recursion, so synchronous failures with synchronous triggers do not grow the stack.
    /// Disposing disposes the current upstream or trigger observation.
    ///
    /// - Parameter trigger: Returns, for a failure and its attempt number, the signal whose first
    ///   element starts the next attempt. It is called on the thread that delivered the failure.
    /// - Returns: A signal that retries the upstream as the triggers decide. Events arrive on the
    ///   threads of the upstream and of the triggers, one at a time.
    public func retry<Trigger: SignalProtocol>(
        when trigger: @escaping @Sendable (_ error: Error, _ attempt: Int) -> Trigger
    ) -> Signal<Element, Error> where Trigger.Error == Error {
        Signal.trusted({ observer in
            let retrying = RetryObservation(upstream: self, downstream: observer, trigger: trigger)
            retrying.start()
            return retrying.output
        })
    }
}

/// One observation of `retry(when:)`: the upstream and trigger observations and the trampoline
/// that resubscribes.
private final class RetryObservation<Upstream: SignalProtocol, Trigger: SignalProtocol>: Sendable
where Trigger.Error == Upstream.Error {
    typealias Element = Upstream.Element
    typealias Error = Upstream.Error

    private struct Loop {
        /// A (re)subscription is running on some thread.
        var isSubscribing = false
        /// Another attempt was asked for while one was subscribing.
        var isRequested = false
        var attempts = 0
    }

    let output: SerialObservation<Element, Error>
    private let upstream: Upstream
    private let trigger: @Sendable (Error, Int) -> Trigger
    private let upstreamSlot = SerialDisposable()
    private let triggerSlot = SerialDisposable()
    private let loop = LockedState(Loop())

    init(upstream: Upstream, downstream: Observer<Element, Error>, trigger: @escaping @Sendable (Error, Int) -> Trigger) {
        self.upstream = upstream
        self.trigger = trigger
        self.output = SerialObservation(downstream: downstream)
        output.setUpstream(CompositeDisposable([upstreamSlot, triggerSlot]))
    }

    /// Subscribes to the upstream, and again each time a trigger asked for it meanwhile.
    func start() {
        let isFirst: Bool = loop.withLock { loop in
            if loop.isSubscribing {
                loop.isRequested = true
                return false
            }
            loop.isSubscribing = true
            return true
        }
        guard isFirst else { return }
        repeat {
            if output.isDisposed { break }
            upstreamSlot.otherDisposable = upstream.subscribe(
                Observer(lifetime: output) { [self] event in
                    self.upstreamEvent(event)
                })
        } while loop.withLock { loop in
            defer { loop.isRequested = false }
            if !loop.isRequested { loop.isSubscribing = false }
            return loop.isRequested
        }
    }

    private func upstreamEvent(_ event: Signal<Element, Error>.Event) {
        guard case .failed(let error) = event else {
            output.on(event)
            return
        }
        let attempt: Int = loop.withLock { loop in
            loop.attempts = loop.attempts == .max ? .max : loop.attempts + 1
            return loop.attempts
        }
        let fired = LockedState(false)
        let next = trigger(error, attempt)
        triggerSlot.otherDisposable = next.observe(with: { [self] triggerEvent in
            let isFirst: Bool = fired.withLock { fired in
                defer { fired = true }
                return !fired
            }
            guard isFirst else { return }
            switch triggerEvent {
            case .next:
                self.triggerSlot.otherDisposable = nil  // disposes the trigger observation held so far
                self.start()
            case .completed: self.output.on(.failed(error))
            case .failed(let triggerError): self.output.on(.failed(triggerError))
            }
        })
    }
}
