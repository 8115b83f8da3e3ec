extension SignalProtocol {
    /// Passes on only the elements that satisfy a predicate.
    ///
    /// Marble: `-1-2-3-4|` → `---2---4|` (with `{ $0 % 2 == 0 }`)
    ///
    /// ```swift
    /// cities.filter { $0.hasPrefix("P") }   // Paris, Porto
    /// ```
    ///
    /// - Parameter isIncluded: Called once per element, serially.
    /// - Returns: A signal of the elements for which `isIncluded` returns `true`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    if case .next(let element) = event, !isIncluded(element) { return }
                    observer.on(event)
                })
        })
    }
}
