extension SignalProtocol where Error == Never {
    /// Turns a safe signal of events back into the signal those events describe.
    ///
    /// Marble: `-.next(a)-.next(b)-.failed-` → `-a-b-#`
    ///
    /// ```swift
    /// request.materialize().map(log).dematerialize()   // the request again
    /// ```
    ///
    /// A `.next` element is sent as an element; a `.failed` or `.completed` element ends the result
    /// and disposes this signal. If this signal completes first, the result completes too. The
    /// inverse of ``SignalProtocol/materialize()``.
    ///
    /// - Returns: A signal of the described elements, ending with the first terminal event.
    public func dematerialize<Value, Failure>() -> Signal<Value, Failure>
    where Element == Signal<Value, Failure>.Event {
        Signal.trusted({ observer in
            let upstream = SerialDisposable()
            let lifetime = LinkedLifetime(upstream, observer.lifetime)
            upstream.otherDisposable = self.subscribe(
                Observer(lifetime: lifetime) { event in
                    if upstream.isDisposed { return }
                    switch event {
                    case .next(let inner):
                        if inner.isTerminal { upstream.dispose() }
                        observer.on(inner)
                    case .completed:
                        upstream.dispose()
                        observer.on(.completed)
                    }
                })
            return upstream
        })
    }
}
