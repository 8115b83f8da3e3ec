extension SignalProtocol where Error == Never {
    /// Gives a signal that cannot fail the error type the context needs.
    ///
    /// Marble: `-a-b|` → `-a-b|`
    ///
    /// ```swift
    /// let names: Signal<String, NetworkError> = placeholder.castError().merge(with: loaded)
    /// ```
    ///
    /// A safe signal never fails, so the cast only changes the type (ReactiveKit's `castError()`,
    /// Combine's `setFailureType(to:)`).
    ///
    /// - Returns: The same elements and completion, typed with the error `NewError`.
    @inlinable
    public func castError<NewError: Swift.Error>() -> Signal<Element, NewError> {
        mapError(absurd)
    }

    /// Gives a signal that cannot fail the error type `type` (explicit-type spelling of
    /// ``castError()``).
    ///
    /// Marble: `-a-b|` → `-a-b|`
    ///
    /// - Parameter type: The error type of the resulting signal.
    /// - Returns: The same elements and completion, typed with the error `NewError`.
    @inlinable
    public func castError<NewError: Swift.Error>(to type: NewError.Type) -> Signal<Element, NewError> {
        mapError(absurd)
    }
}
