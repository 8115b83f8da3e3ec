extension SignalProtocol {
    /// Sends elements while `predicate` holds, then completes and disposes the upstream.
    ///
    /// Marble: `-1-2-5-3|` → `-1-2-|` (with `take(while: { $0 < 3 })`)
    ///
    /// The first element for which `predicate` returns `false` is not sent: the result completes
    /// instead. A synchronous upstream stops producing at that point.
    ///
    /// - Parameter predicate: Called serially with each element; `false` ends the result.
    /// - Returns: A signal of the leading elements that satisfy `predicate`.
    public func take(while predicate: @escaping @Sendable (Element) -> Bool) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let upstream = SerialDisposable()
            let lifetime = LinkedLifetime(upstream, observer.lifetime)
            upstream.otherDisposable = self.subscribe(
                Observer(lifetime: lifetime) { event in
                    if upstream.isDisposed { return }
                    switch event {
                    case .next(let element):
                        if predicate(element) {
                            observer.on(.next(element))
                        } else {
                            upstream.dispose()
                            observer.on(.completed)
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
