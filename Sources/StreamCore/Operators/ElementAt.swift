extension SignalProtocol {
    /// Sends only the element at `index` (counting from zero), then completes and disposes the upstream.
    ///
    /// Marble: `-a-b-c-d|` → `-----(c|)` (with `element(at: 2)`)
    ///
    /// If this signal completes before sending `index + 1` elements, the result completes without
    /// an element. A failure before the element is passed on. A negative `index` completes at once
    /// without observing this signal.
    ///
    /// - Parameter index: The zero-based position of the element to send.
    /// - Returns: A signal of at most one element.
    public func element(at index: Int) -> Signal<Element, Error> {
        guard index >= 0 else { return Signal.completed() }
        return Signal.trusted({ observer in
            let upstream = SerialDisposable()
            let remaining = SerialBox(index)
            let lifetime = LinkedLifetime(upstream, observer.lifetime)
            upstream.otherDisposable = self.subscribe(
                Observer(lifetime: lifetime) { event in
                    if upstream.isDisposed { return }
                    switch event {
                    case .next(let element):
                        if remaining.value > 0 {
                            remaining.value -= 1
                            return
                        }
                        upstream.dispose()
                        observer.on(.next(element))
                        if !observer.isDisposed { observer.on(.completed) }
                    case .failed, .completed:
                        upstream.dispose()
                        observer.on(event)
                    }
                })
            return upstream
        })
    }
}
