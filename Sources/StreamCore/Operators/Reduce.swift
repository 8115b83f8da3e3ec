extension SignalProtocol {
    /// Accumulates the elements and sends only the final result, when this signal completes.
    ///
    /// Marble: `-1-2-3|` → `------(6|)` (with `reduce(0, +)`)
    ///
    /// ```swift
    /// downloads.reduce(0) { total, chunk in total + chunk.count }   // the total size, once
    /// ```
    ///
    /// An empty signal sends `initial`, then completes. A failure is passed on and the partial
    /// accumulation is dropped.
    ///
    /// - Parameters:
    ///   - initial: The starting accumulator.
    ///   - combine: Combines the accumulator with the next element, serially.
    /// - Returns: A signal of one element, the accumulation, sent on completion.
    @inlinable
    public func reduce<U: Sendable>(_ initial: U, _ combine: @escaping @Sendable (U, Element) -> U) -> Signal<U, Error> {
        Signal.trusted({ observer in
            let accumulator = SerialBox(initial)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        accumulator.value = combine(accumulator.value, element)
                    case .failed(let error):
                        observer.on(.failed(error))
                    case .completed:
                        observer.on(.next(accumulator.value))
                        if !observer.isDisposed { observer.on(.completed) }
                    }
                })
        })
    }
}
