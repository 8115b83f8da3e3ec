extension SignalProtocol {
    /// Transforms each element with a closure.
    ///
    /// Marble: `-a-b-c|` → `-A-B-C|`
    ///
    /// ```swift
    /// Signal<Int, Never>.sequence([1, 2, 3]).map { $0 * 10 }   // 10, 20, 30
    /// ```
    ///
    /// Runs synchronously on the thread that delivers the upstream event; adds no lock and no
    /// allocation per event.
    ///
    /// - Parameter transform: Called once per element, serially.
    /// - Returns: A signal of the transformed elements; errors and completion pass through.
    @inlinable
    public func map<U>(_ transform: @escaping @Sendable (Element) -> U) -> Signal<U, Error> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element): observer.on(.next(transform(element)))
                    case .failed(let error): observer.on(.failed(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }

    /// Replaces each element with the value at a key path.
    ///
    /// Marble: `-a-b|` → `-a.x-b.x|`
    public func map<U>(_ keyPath: any KeyPath<Element, U> & Sendable) -> Signal<U, Error> {
        map { $0[keyPath: keyPath] }
    }
}
