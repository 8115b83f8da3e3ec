public import Dispatch

extension SignalProtocol where Element: Sendable {
    /// Sends the first element at once, then at most one element per `interval`: the latest (or
    /// first) one that arrived during each interval, when it ends.
    ///
    /// Marble (two ticks, latest): `ab-cd--e|` → `a-b-d--e|`
    ///
    /// ```swift
    /// scrollOffsets
    ///     .throttle(for: .milliseconds(100), on: DispatchQueue.main)
    ///     .observeNext { updateHeader(for: $0) }
    /// ```
    ///
    /// An element arriving while no interval runs is sent at once and starts an interval. When
    /// the interval ends, the kept element (if any) is sent and starts the next interval.
    /// Completion sends the kept element at once, then completes; a failure is sent at once and
    /// drops it. Disposing cancels the timer. This is Combine's `throttle(for:scheduler:latest:)`.
    ///
    /// - Parameters:
    ///   - interval: The minimum time between elements. Zero or less still sends at most one
    ///     element per run of the scheduler.
    ///   - scheduler: Where the timer runs; a global dispatch queue by default. Elements sent at
    ///     an interval's end arrive on the scheduler; others arrive on the upstream's thread, or
    ///     on the scheduler if it is delivering at that moment.
    ///   - latest: `true` (the default) to keep the latest element of an interval, `false` to
    ///     keep the first.
    /// - Returns: A signal of at most one element per interval.
    public func throttle(
        for interval: Duration,
        on scheduler: some Scheduler = DispatchQueue.global(),
        latest: Bool = true
    ) -> Signal<Element, Error> {
        throttle(interval, on: scheduler, mode: latest ? .latest : .first)
    }

    /// Sends an element, then ignores elements for `seconds`: ReactiveKit's `throttle(seconds:)`.
    ///
    /// Marble (two ticks): `ab-cd--e|` → `a--c---e|`
    ///
    /// ```swift
    /// buttonTaps.throttle(seconds: 0.5).observeNext { submit() }   // no double submits
    /// ```
    ///
    /// Unlike ``throttle(for:on:latest:)``, nothing is kept for the end of an interval: elements
    /// arriving during it are dropped, so every element is sent on the upstream's thread at the
    /// moment it arrives.
    ///
    /// - Parameters:
    ///   - seconds: How long to ignore elements after one is sent; zero, negative and `NaN` mean
    ///     "until the scheduler runs".
    ///   - scheduler: Where the timer that ends the interval runs; a global dispatch queue by
    ///     default.
    /// - Returns: A signal of the elements that arrived while no interval ran.
    public func throttle(
        seconds: Double,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        throttle(Duration(saturatingSeconds: seconds), on: scheduler, mode: .leading)
    }

    /// Sends the first element at once, then the latest element of each `seconds` interval:
    /// ReactiveKit 3's spelling of ``throttle(for:on:latest:)``.
    ///
    /// Marble (two ticks): `ab-cd--e|` → `a-b-d--e|`
    ///
    /// ```swift
    /// scrollOffsets.throttle(for: 0.1, on: DispatchQueue.main).observeNext { updateHeader(for: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The minimum time between elements in seconds; zero, negative and `NaN` mean
    ///     "one element per run of the scheduler".
    ///   - scheduler: Where the timer runs (a global dispatch queue by default); elements sent at
    ///     an interval's end arrive on it.
    /// - Returns: A signal of at most one element per interval.
    public func throttle(
        for seconds: Double,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        throttle(Duration(saturatingSeconds: seconds), on: scheduler, mode: .latest)
    }

    private func throttle(
        _ interval: Duration,
        on scheduler: some Scheduler,
        mode: ThrottleStateMachine<Element>.Mode
    ) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let engine = TimedObservation<ThrottleStateMachine<Element>, Element, Error>(
                state: ThrottleStateMachine(mode: mode),
                downstream: observer,
                scheduler: scheduler,
                onTimer: { state, effects in
                    guard let element = state.windowEnded() else { return }
                    effects.send(.next(element))
                    effects.startTimer(after: interval)
                }
            )
            engine.setUpstream(
                self.subscribe(
                    Observer(lifetime: engine) { event in
                        engine.update { state, effects in
                            switch event {
                            case .next(let element):
                                guard state.element(element) == .sendAndOpenWindow else { return }
                                effects.send(.next(element))
                                effects.startTimer(after: interval)
                            case .completed:
                                if let element = state.finished() { effects.send(.next(element)) }
                                effects.send(.completed)
                            case .failed(let error):
                                effects.send(.failed(error))
                            }
                        }
                    }))
            return engine
        })
    }
}
