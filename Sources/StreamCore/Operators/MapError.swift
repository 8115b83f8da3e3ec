extension SignalProtocol {
    /// Transforms the error of a failure with a closure.
    ///
    /// Marble: `-a-b-#e` → `-a-b-#E`
    ///
    /// ```swift
    /// request.mapError { AppError.network($0) }
    /// ```
    ///
    /// Elements and completion pass through unchanged; adds no lock and no allocation per event.
    ///
    /// - Parameter transform: Called once, with the upstream's error, when it fails.
    /// - Returns: A signal that fails with the transformed error.
    @inlinable
    public func mapError<NewError: Swift.Error>(
        _ transform: @escaping @Sendable (Error) -> NewError
    ) -> Signal<Element, NewError> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element): observer.on(.next(element))
                    case .failed(let error): observer.on(.failed(transform(error)))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }
}
