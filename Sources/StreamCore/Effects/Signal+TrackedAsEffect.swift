extension SignalProtocol {
    /// Counts this signal, while it runs, as an effect of the store action being handled when it
    /// is created, so that `await task.finish()` waits for it, `task.cancel()` stops it, and a
    /// store shutting down sees it in flight.
    ///
    /// FeedbackLoop's per-state feedbacks (`Feedback(predicate:effects:)`, `Feedback(effect:)`,
    /// `Feedback(skippingRepeated:effects:)`, keyed requests…) and a store's `run(_:)` and action
    /// creators track their effects this way already; call it for an effect you start yourself
    /// inside a store's attached effect:
    ///
    /// ```swift
    /// store.attach(effect: { states in
    ///     states.filter(\.isSubmitting).flatMapLatest { state in
    ///         api.submit(state.order).map(AppAction.submitted).trackedAsEffect(named: "submit")
    ///     }
    /// })
    /// ```
    ///
    /// Outside a store's effect delivery (no action being handled on this thread), it returns the
    /// signal unchanged. Elements are forwarded with the same group current, so actions the
    /// effect sends join the same group, and with the dependencies in force where the effect
    /// was started (``DependencyValues``), so that they carry the values of the action that
    /// started it.
    ///
    /// - Parameter name: A name for reports (say, what a shutting-down service cancelled); by
    ///   default the name the effect was attached to the store with.
    /// - Returns: The same events, counted as an effect while observed.
    @inlinable
    public func trackedAsEffect(named name: String? = nil) -> Signal<Element, Error> {
        // Inlinable, so that the common case (no store action being handled) is specialized: a
        // thread-local read and the signal itself, with no generic metadata lookups per effect.
        let signal = toSignal()
        guard EffectScope.isActive else { return signal }
        return signal.trackedInCurrentScope(named: name)
    }
}

extension Signal {
    /// ``SignalProtocol/trackedAsEffect(named:)`` when a group is current on this thread.
    @usableFromInline
    func trackedInCurrentScope(named name: String?) -> Signal {
        guard let group = EffectScope.current else { return self }
        return tracked(in: group, named: name ?? EffectScope.currentName)
    }
}

extension Signal {
    /// Counts each observation of this signal as an effect in `group` (see
    /// ``SignalProtocol/trackedAsEffect(named:)``).
    ///
    /// While the group's lifecycle is observed (``EffectGroup/isObserved``, when the effect
    /// starts), the effect's start is announced with its origin, its end with how it ended, and
    /// its elements are forwarded under a label naming it, so that what it sends back, and the
    /// effects it starts, are attributed to it.
    package func tracked(in group: EffectGroup, named name: String?) -> Signal {
        let upstream = self
        return Signal({ (observer: Observer<Element, Error>) -> any Disposable in
            let token = group.makeToken()
            let origin: EffectOrigin? = group.isObserved ? EffectScope.currentOrigin : nil
            let label = origin.map { EffectLabel(effect: token, origin: $0) }
            // How it ended, set before the terminal event is forwarded (downstream may dispose
            // it while handling that event); only kept while observed.
            let ending = origin.map { _ in LockedState<EffectEnd?>(nil) }
            let upstreamObservation = SerialDisposable()
            // Stopping (disposal, the group's cancel, or the end of the signal) ends the count;
            // a disposal before the signal ended is a cancellation.
            let stop = BlockDisposable {
                upstreamObservation.dispose()
                group.end(token, ending?.withLock { $0 } ?? .cancelled)
            }
            group.begin(token, name: name, origin: origin, cancel: stop)
            // The dependencies of the action that started the effect: its actions carry them,
            // from whatever thread it sends them.
            let dependencies = DependencyScope.captured
            upstreamObservation.otherDisposable = upstream.observe(with: { event in
                if let ending {
                    switch event {
                    case .next: break
                    case .completed: ending.withLock { $0 = .finished }
                    case .failed(let error): ending.withLock { $0 = .failed(error) }
                    }
                }
                EffectScope.with(group, label: label) { DependencyScope.run(in: dependencies) { observer.on(event) } }
                if event.isTerminal { stop.dispose() }
            })
            return stop
        })
    }
}
