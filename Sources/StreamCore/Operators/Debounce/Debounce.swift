public import Dispatch

extension SignalProtocol where Element: Sendable {
    /// Sends an element only once `interval` has passed without a newer one; the pending element
    /// is sent before the completion, never dropped.
    ///
    /// Marble (two ticks): `-ab---c|` → `----b--(c|)`
    ///
    /// ```swift
    /// searchField.text
    ///     .debounce(for: .milliseconds(300), on: DispatchQueue.main)
    ///     .observeNext { query in search(query) }
    /// ```
    ///
    /// Each element restarts the timer; when it fires, the latest element is sent. Completion
    /// sends the pending element at once, then completes (ReactiveKit dropped it). A failure is
    /// sent at once and drops the pending element. Disposing cancels the timer.
    ///
    /// - Parameters:
    ///   - interval: The quiet period. Zero or less sends each element as soon as the scheduler
    ///     can, unless a newer one arrives first.
    ///   - scheduler: Where the timer runs; a global dispatch queue by default. Elements sent by
    ///     the timer arrive on the scheduler; the completion, the failure and an element flushed by
    ///     the completion arrive on the upstream's thread (or the scheduler's, if it is delivering
    ///     at that moment). Events never overlap.
    /// - Returns: A signal of the elements that were followed by a quiet period, and the last one.
    public func debounce(
        for interval: Duration,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let engine = TimedObservation<DebounceStateMachine<Element>, Element, Error>(
                state: DebounceStateMachine(),
                downstream: observer,
                scheduler: scheduler,
                onTimer: { state, effects in
                    if let element = state.timerFired() { effects.send(.next(element)) }
                }
            )
            engine.setUpstream(
                self.subscribe(
                    Observer(lifetime: engine) { event in
                        engine.update { state, effects in
                            switch event {
                            case .next(let element):
                                state.element(element)
                                effects.startTimer(after: interval)
                            case .completed:
                                if let element = state.finished() { effects.send(.next(element)) }
                                effects.send(.completed)
                            case .failed(let error):
                                state.failed()
                                effects.send(.failed(error))
                            }
                        }
                    }))
            return engine
        })
    }
}
