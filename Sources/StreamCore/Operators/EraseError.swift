extension SignalProtocol {
    /// Erases the error type to `any Error`.
    ///
    /// Marble: `-a-b-#e` → `-a-b-#e`
    ///
    /// ```swift
    /// let merged = typed.eraseError().merge(with: other.eraseError())
    /// ```
    ///
    /// Useful to combine signals whose error types differ. Equivalent to
    /// `mapError { $0 as any Error }`.
    ///
    /// - Returns: The same events, with the error typed `any Error`.
    @inlinable
    public func eraseError() -> Signal<Element, any Swift.Error> {
        mapError { $0 }
    }
}
