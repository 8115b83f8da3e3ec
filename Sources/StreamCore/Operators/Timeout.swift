public import Dispatch

extension SignalProtocol where Element: Sendable {
    /// Fails with `error` if no event arrives within `interval` of observing or of the previous
    /// element.
    ///
    /// Marble (three ticks): `-a----b|` → `-a--#`
    ///
    /// ```swift
    /// request.timeout(after: .seconds(10), with: .timedOut, on: DispatchQueue.global())
    /// ```
    ///
    /// The timer starts when the signal is observed and restarts with every element. When it
    /// fires, the upstream is disposed and the signal fails with `error`. Completion and failure
    /// pass through and cancel the timer, as does disposing.
    ///
    /// - Parameters:
    ///   - interval: The longest wait for the next event; zero or less fails as soon as the
    ///     scheduler runs, unless an event arrives first.
    ///   - error: The error to fail with.
    ///   - scheduler: Where the timer runs; a global dispatch queue by default. The timeout
    ///     failure arrives on the scheduler; upstream events arrive on the upstream's thread (or
    ///     the scheduler's, if it is delivering at that moment).
    /// - Returns: A signal with the same events that fails once the upstream is silent too long.
    public func timeout(
        after interval: Duration,
        with error: Error,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let engine = TimedObservation<Void, Element, Error>(
                state: (),
                downstream: observer,
                scheduler: scheduler,
                onTimer: { _, effects in effects.send(.failed(error)) }
            )
            engine.update { _, effects in effects.startTimer(after: interval) }
            engine.setUpstream(
                self.subscribe(
                    Observer(lifetime: engine) { event in
                        engine.update { _, effects in
                            effects.send(event)
                            if !event.isTerminal { effects.startTimer(after: interval) }
                        }
                    }))
            return engine
        })
    }
}
