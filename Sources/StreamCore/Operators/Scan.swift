import Synchronization

extension SignalProtocol {
    /// Accumulates the elements, sending each intermediate result.
    ///
    /// Marble: `-1-2-3|` → `-1-3-6|` (with `scan(0, +)`)
    ///
    /// ```swift
    /// taps.scan(0) { count, _ in count + 1 }   // 1, 2, 3, …
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The starting accumulator (not sent by itself).
    ///   - combine: Combines the accumulator with the next element, serially.
    /// - Returns: A signal of the accumulated values.
    public func scan<U: Sendable>(_ initial: U, _ combine: @escaping @Sendable (U, Element) -> U) -> Signal<U, Error> {
        Signal.trusted({ observer in
            let accumulator = SerialBox(initial)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        let next = combine(accumulator.value, element)
                        accumulator.value = next
                        observer.on(.next(next))
                    case .failed(let error): observer.on(.failed(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }
}
