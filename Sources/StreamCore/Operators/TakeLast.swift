extension SignalProtocol {
    /// Sends the last `count` elements when this signal completes.
    ///
    /// Marble: `-a-b-c-d|` → `--------(c,d,|)` (with `take(last: 2)`)
    ///
    /// Keeps at most `count` elements (the oldest is dropped as a new one arrives) and sends them
    /// in order on completion, followed by `.completed`. A failure is passed on and the kept
    /// elements are dropped. A `count` of zero or less sends no element: the result completes when
    /// this signal completes.
    ///
    /// - Parameter count: How many of the last elements to send.
    /// - Returns: A signal of at most `count` elements, all sent on completion.
    @inlinable
    public func take(last count: Int) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let kept = SerialBox(RingBuffer<Element>(capacity: count))
            return self.subscribe(Observer(lifetime: observer.lifetime) { event in
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
                        if observer.isDisposed { return }
                        observer.on(.next(element))
                    }
                    observer.on(.completed)
                }
            })
        })
    }
}
