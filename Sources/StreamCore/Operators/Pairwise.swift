extension SignalProtocol {
    /// Sends each element paired with the element before it, from the second element on.
    ///
    /// Marble: `-a-b-c|` → `---(a,b)-(b,c)|`
    ///
    /// ```swift
    /// scrollOffset.pairwise().map { old, new in new - old }   // the deltas
    /// ```
    ///
    /// The first element is kept and sent only as the `previous` half of the second pair; a signal
    /// of fewer than two elements sends no pair.
    ///
    /// - Returns: A signal of `(previous, current)` pairs.
    @inlinable
    public func pairwise() -> Signal<(Element, Element), Error> {
        Signal.trusted({ observer in
            let previous = SerialBox<Element?>(nil)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        let last = previous.value
                        previous.value = element
                        if let last { observer.on(.next((last, element))) }
                    case .failed(let error):
                        previous.value = nil
                        observer.on(.failed(error))
                    case .completed:
                        previous.value = nil
                        observer.on(.completed)
                    }
                })
        })
    }
}
