extension SignalProtocol {
    /// Transforms each element and passes on the non-`nil` results.
    ///
    /// Marble: `-"1"-"x"-"3"|` → `-1-----3|` (with `{ Int($0) }`)
    ///
    /// - Parameter transform: Called once per element, serially.
    /// - Returns: A signal of the non-`nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping @Sendable (Element) -> U?) -> Signal<U, Error> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        if let mapped = transform(element) { observer.on(.next(mapped)) }
                    case .failed(let error): observer.on(.failed(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }
}

extension SignalProtocol {
    /// Passes on the non-`nil` elements of a signal of optionals.
    ///
    /// Marble: `-a-nil-b|` → `-a-----b|`
    public func ignoreNils<Wrapped>() -> Signal<Wrapped, Error> where Element == Wrapped? {
        compactMap { $0 }
    }
}
