extension SignalProtocol {
    /// Groups the elements into arrays of `size` elements.
    ///
    /// Marble: `-a-b-c-d-e|` → `---[a,b]-[c,d]-([e]|)` (with `buffer(size: 2)`)
    ///
    /// Each array is sent as soon as it holds `size` elements. On completion the partial last
    /// array, if not empty, is sent before `.completed`; on failure it is dropped. A `size` of zero
    /// or less is treated as 1: every element is sent in an array of its own.
    ///
    /// - Parameter size: How many elements each array holds.
    /// - Returns: A signal of arrays of `size` elements (the last one possibly shorter).
    @inlinable
    public func buffer(size: Int) -> Signal<[Element], Error> {
        let size = Swift.max(1, size)
        return Signal.trusted({ observer in
            let buffer = SerialBox<[Element]>([])
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        // Reserve the whole array up front, but never more than a bounded amount: a
                        // huge `size` (say `.max`) would otherwise ask for an impossible allocation.
                        if buffer.value.isEmpty { buffer.value.reserveCapacity(Swift.min(size, 1_024)) }
                        buffer.value.append(element)
                        if buffer.value.count >= size {
                            let full = buffer.value
                            buffer.value = []
                            observer.on(.next(full))
                        }
                    case .failed(let error):
                        buffer.value = []
                        observer.on(.failed(error))
                    case .completed:
                        let partial = buffer.value
                        buffer.value = []
                        if !partial.isEmpty { observer.on(.next(partial)) }
                        if !observer.isDisposed { observer.on(.completed) }
                    }
                })
        })
    }
}
