public import Dispatch

extension SignalProtocol where Element: Sendable {
    /// Sends every event, the completion and the failure included, `interval` later.
    ///
    /// Marble (two ticks): `-a-b|` → `---a-b|`
    ///
    /// ```swift
    /// toasts.delay(for: .seconds(2), on: DispatchQueue.main).observeNext { hide($0) }
    /// ```
    ///
    /// Events keep their order and their spacing. Disposing cancels the timer and drops the
    /// events not sent yet.
    ///
    /// - Parameters:
    ///   - interval: How long to hold each event; zero or less sends it as soon as the scheduler
    ///     runs.
    ///   - scheduler: Where the events are sent from; a global dispatch queue by default. Events
    ///     arrive on the scheduler, one at a time.
    /// - Returns: A signal with the same events, later.
    public func delay(
        for interval: Duration,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let engine = TimedObservation<DelayQueue<Signal<Element, Error>.Event>, Element, Error>(
                state: DelayQueue(),
                downstream: observer,
                scheduler: scheduler,
                onTimer: { queue, effects in
                    while let event = queue.popDue(at: effects.now) { effects.send(event) }
                    if let deadline = queue.nextDeadline { effects.startTimer(after: deadline - effects.now) }
                }
            )
            engine.setUpstream(
                self.subscribe(
                    Observer(lifetime: engine) { event in
                        engine.update { queue, effects in
                            queue.append(event, dueAt: effects.now + interval.clampedDelay)
                            if queue.count == 1 { effects.startTimer(after: interval) }
                        }
                    }))
            return engine
        })
    }
}
