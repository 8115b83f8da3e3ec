extension SignalProtocol {
    /// Drops the last `count` elements, sending each element once `count` newer ones arrived.
    ///
    /// Marble: `-a-b-c-d|` → `-----a-b|` (with `skip(last: 2)`)
    ///
    /// Elements are held back until `count` later elements have arrived, so the result lags
    /// `count` elements behind this signal; the held elements are dropped on completion or
    /// failure. A `count` of zero or less drops nothing.
    ///
    /// - Parameter count: How many of the last elements to drop.
    /// - Returns: A signal of every element except the last `count`.
    @inlinable
    public func skip(last count: Int) -> Signal<Element, Error> {
        guard count > 0 else { return toSignal() }
        return Signal.trusted({ observer in
            let held = SerialBox(FIFOQueue<Element>())
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        held.value.append(element)
                        if held.value.count > count, let oldest = held.value.popFirst() {
                            observer.on(.next(oldest))
                        }
                    case .failed, .completed:
                        _ = held.value.removeAll()
                        observer.on(event)
                    }
                })
        })
    }
}
