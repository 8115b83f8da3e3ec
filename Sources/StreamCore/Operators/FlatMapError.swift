extension SignalProtocol {
    /// Replaces a failure with the events of another signal, made from the error.
    ///
    /// Marble: `-a-b-#` with `error → -x-y|` → `-a-b--x-y|`
    ///
    /// ```swift
    /// api.profile(id).flatMapError { _ in cache.profile(id) }   // fall back to the cache
    /// ```
    ///
    /// Also known as `catch` (RxSwift `catchError`). Elements and completion pass through; on a
    /// failure, the signal returned by `recover` is observed and its events are passed on, on its
    /// own thread. Disposing the result disposes whichever observation is running.
    ///
    /// - Parameter recover: Called once, with the error, outside any lock.
    /// - Returns: A signal that fails only if the recovery signal fails.
    @inlinable
    public func flatMapError<Recovery: SignalProtocol>(
        _ recover: @escaping @Sendable (Error) -> Recovery
    ) -> Signal<Element, Recovery.Error> where Recovery.Element == Element {
        Signal.trusted({ observer in
            let observations = CompositeDisposable()
            let lifetime = linkedLifetime(observations, observer.lifetime)
            let upstream = self.subscribe(
                Observer(lifetime: lifetime) { event in
                    switch event {
                    case .next(let element):
                        observer.on(.next(element))
                    case .failed(let error):
                        let recovery = recover(error).subscribe(
                            Observer(lifetime: lifetime) { event in
                                observer.on(event)
                                if event.isTerminal { observations.dispose() }
                            })
                        observations.add(recovery)
                    case .completed:
                        observer.on(.completed)
                        observations.dispose()
                    }
                })
            observations.add(upstream)
            // Disposed on termination too: the upstream and recovery observations keep `lifetime`,
            // which keeps `observations`, which keeps them — a cycle that would outlive a finished
            // observation whose handle was dropped.
            return observations
        })
    }
}

/// A ``LinkedLifetime`` of `own` and `outer`, for inlinable operators (the type itself is not
/// part of the inlinable surface).
@usableFromInline
func linkedLifetime(_ own: any Disposable, _ outer: ObserverLifetime?) -> ObserverLifetime {
    LinkedLifetime(own, outer)
}
