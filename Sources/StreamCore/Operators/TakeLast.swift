extension SignalProtocol {
    /// Sends the last `count` elements when this signal completes.
    ///
    /// Marble: `-a-b-c-d|` → `--------(c,d,|)` (with `take(last: 2)`)
    ///
    /// Keeps at most `count` elements (the oldest is dropped as a new one arrives) and sends them
    /// in order on completion, followed by `.completed`. A failure is passed on and the kept
    /// elements are dropped. A `count` of zero or less sends no element: the result completes when
    /// this signal completes. Disposing the observation while the kept elements are being sent
    /// stops the sending.
    ///
    /// - Parameter count: How many of the last elements to send.
    /// - Returns: A signal of at most `count` elements, all sent on completion.
    public func take(last count: Int) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let upstream = SerialDisposable()
            let kept = SerialBox(RingBuffer<Element>(capacity: count))
            let lifetime = LinkedLifetime(upstream, observer.lifetime)
            upstream.otherDisposable = self.subscribe(
                Observer(lifetime: lifetime) { event in
                    switch event {
                    case .next(let element):
                        kept.value.append(element)
                    case .failed(let error):
                        kept.value.removeAll()
                        observer.on(.failed(error))
                    case .completed:
                        let elements = kept.value.elements
                        kept.value.removeAll()
                        for element in elements {
                            // The downstream may dispose the observation while the elements are sent.
                            if lifetime.isDisposed { return }
                            observer.on(.next(element))
                        }
                        if lifetime.isDisposed { return }
                        observer.on(.completed)
                    }
                })
            return upstream
        })
    }
}
