extension SignalProtocol {
    /// Drops elements while `predicate` holds, then sends every element from the first that fails it.
    ///
    /// Marble: `-1-2-5-3|` → `-----5-3|` (with `skip(while: { $0 < 3 })`)
    ///
    /// Once `predicate` returned `false`, it is not called again. Errors and completion pass
    /// through, even while elements are still being dropped.
    ///
    /// - Parameter predicate: Called serially with each leading element; `true` drops it.
    /// - Returns: A signal of the elements from the first one that does not satisfy `predicate`.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Element) -> Bool) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let skipping = SerialBox(true)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    if skipping.value, case .next(let element) = event {
                        if predicate(element) { return }
                        skipping.value = false
                    }
                    observer.on(event)
                })
        })
    }
}
