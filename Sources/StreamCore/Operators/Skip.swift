extension SignalProtocol {
    /// Drops the first `count` elements and sends the rest.
    ///
    /// Marble: `-a-b-c-d|` → `-----c-d|` (with `skip(first: 2)`)
    ///
    /// Errors and completion pass through, even while elements are still being dropped. A `count`
    /// of zero or less drops nothing.
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: A signal of the elements after the first `count`.
    @inlinable
    public func skip(first count: Int) -> Signal<Element, Error> {
        guard count > 0 else { return toSignal() }
        return Signal.trusted({ observer in
            let remaining = SerialBox(count)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    if case .next = event, remaining.value > 0 {
                        remaining.value -= 1
                        return
                    }
                    observer.on(event)
                })
        })
    }
}
