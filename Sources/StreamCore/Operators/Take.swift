extension SignalProtocol {
    /// Sends the first `count` elements, then completes and disposes the upstream.
    ///
    /// Marble: `-a-b-c-d|` → `-a-b|` (with `take(first: 2)`)
    ///
    /// A synchronous upstream (such as `Signal.sequence(1...)`) stops producing as soon as
    /// `count` elements were taken. A `count` of zero or less completes at once.
    ///
    /// - Parameter count: How many elements to pass on.
    /// - Returns: A signal of at most `count` elements.
    public func take(first count: Int) -> Signal<Element, Error> {
        guard count > 0 else { return Signal.completed() }
        return Signal.trusted({ observer in
            let upstream = SerialDisposable()
            let remaining = SerialBox(count)
            let lifetime = LinkedLifetime(upstream, observer.lifetime)
            upstream.otherDisposable = self.subscribe(
                Observer(lifetime: lifetime) { event in
                    if upstream.isDisposed { return }
                    switch event {
                    case .next(let element):
                        remaining.value -= 1
                        observer.on(.next(element))
                        if remaining.value == 0 {
                            // No completion if the observer disposed while handling the element.
                            let disposedDownstream = upstream.isDisposed || observer.isDisposed
                            upstream.dispose()
                            if !disposedDownstream { observer.on(.completed) }
                        }
                    case .failed, .completed:
                        upstream.dispose()
                        observer.on(event)
                    }
                })
            return upstream
        })
    }
}
