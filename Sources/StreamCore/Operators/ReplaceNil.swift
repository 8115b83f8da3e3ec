extension SignalProtocol {
    /// Replaces each `nil` element with a default value.
    ///
    /// Marble: `-a-nil-b|` → `-a-x-b|` (with `replaceNil(with: x)`)
    ///
    /// ```swift
    /// user.map(\.nickname).replaceNil(with: "Anonymous")
    /// ```
    ///
    /// - Parameter value: The element sent in place of each `nil`.
    /// - Returns: A signal of non-optional elements.
    @inlinable
    public func replaceNil<Wrapped: Sendable>(with value: Wrapped) -> Signal<Wrapped, Error>
    where Element == Wrapped? {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element): observer.on(.next(element ?? value))
                    case .failed(let error): observer.on(.failed(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }
}
