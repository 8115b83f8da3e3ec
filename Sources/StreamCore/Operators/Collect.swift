extension SignalProtocol {
    /// Collects every element and sends them as one array when this signal completes.
    ///
    /// Marble: `-a-b-c|` → `------([a,b,c]|)`
    ///
    /// An empty signal sends an empty array, then completes. A failure is passed on and the
    /// collected elements are dropped. The array grows without bound: use it on finite signals.
    ///
    /// - Returns: A signal of one element, the array of all elements, sent on completion.
    @inlinable
    public func collect() -> Signal<[Element], Error> {
        Signal.trusted({ observer in
            let collected = SerialBox<[Element]>([])
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        collected.value.append(element)
                    case .failed(let error):
                        collected.value = []
                        observer.on(.failed(error))
                    case .completed:
                        let elements = collected.value
                        collected.value = []
                        observer.on(.next(elements))
                        if !observer.isDisposed { observer.on(.completed) }
                    }
                })
        })
    }
}
