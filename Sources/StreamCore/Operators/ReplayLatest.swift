extension SignalProtocol where Element: Sendable {
    /// Passes elements on, and sends the latest element again each time `trigger` sends
    /// (ReactiveKit's `replayLatest(when:)`).
    ///
    /// Marble: source `-a---b--`, trigger `---x---x` → `-a-a-b-b`
    ///
    /// ```swift
    /// settings.replayLatest(when: viewWillAppear).observeNext(render)
    /// ```
    ///
    /// Before the first element a trigger sends nothing. The signal ends with the source;
    /// `trigger`'s terminal event only stops the replays.
    ///
    /// - Parameter trigger: Each element of it replays the latest element.
    /// - Returns: The source's events plus the replays.
    public func replayLatest<Trigger: SignalProtocol>(when trigger: Trigger) -> Signal<Element, Error> {
        Signal({ observer in
            let latest = LockedState<Element?>(nil)
            let observations = CompositeDisposable()
            observations.add(
                self.observe { event in
                    if case .next(let element) = event {
                        let replaced = latest.withLock { stored in
                            defer { stored = element }
                            return stored
                        }
                        withExtendedLifetime(replaced) {}  // the old element is released outside the lock
                    }
                    observer.on(event)
                })
            observations.add(
                trigger.observe { event in
                    guard case .next = event, let element = latest.withLock({ $0 }) else { return }
                    observer.on(.next(element))
                })
            return observations
        })
    }
}
