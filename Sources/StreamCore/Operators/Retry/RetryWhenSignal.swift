extension SignalProtocol {
    /// On failure, waits for `other` to send an element, then observes the signal anew:
    /// ReactiveKit's `retry(when:if:)`.
    ///
    /// Marble (`other` sends one tick after being observed): `-a#` → `-a--a--a…`
    ///
    /// ```swift
    /// fetchFeed()
    ///     .retry(when: reachability.becameReachable, if: { $0.isOffline })
    ///     .observeNext { show($0) }
    /// ```
    ///
    /// After each failure that `shouldRetry` accepts, `other` is observed anew; its first element
    /// resubscribes to the upstream. If `other` completes without an element, or `shouldRetry`
    /// rejects the error, the signal fails with the upstream's error. See ``retry(when:)``
    /// for the details shared with the closure form.
    ///
    /// - Parameters:
    ///   - other: The signal whose element triggers each retry; observed once per failure.
    ///   - shouldRetry: Whether to retry after an error; always by default. It is called on the
    ///     thread that delivered the failure.
    /// - Returns: A signal that retries the upstream whenever `other` says so. Events arrive on
    ///   the threads of the upstream and of `other`, one at a time.
    public func retry<Other: SignalProtocol>(
        when other: Other,
        if shouldRetry: @escaping @Sendable (Error) -> Bool = { _ in true }
    ) -> Signal<Element, Error> where Other.Error == Never {
        let trigger = Signal<Void, Error>.trusted({ observer in
            // Maps the safe signal's events one to one, so it keeps other's contract.
            other.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next: observer.on(.next(()))
                    case .completed: observer.on(.completed)
                    }
                })
        })
        return retry(when: { error, _ in shouldRetry(error) ? trigger : Signal<Void, Error>.completed() })
    }
}
