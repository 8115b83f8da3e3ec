extension SignalProtocol {
    /// Sends the events of `other` after this signal completes (concatenation).
    ///
    /// Marble: `-a-b|` then `-1-2|` → `-a-b-1-2|`
    ///
    /// ```swift
    /// cached.append(fresh)
    /// ```
    ///
    /// `other` is observed only once this signal completed. A failure of this signal ends the
    /// result without observing `other`. Synchronous sources run in constant stack.
    ///
    /// - Parameter other: The signal to continue with.
    /// - Returns: A signal with the events of this signal, then those of `other`.
    @inlinable
    public func append<Other: SignalProtocol>(_ other: Other) -> Signal<Element, Error>
    where Other.Element == Element, Other.Error == Error {
        Signal<Signal<Element, Error>, Never>.sequence([self.toSignal(), other.toSignal()]).flatMapConcat { $0 }
    }

    /// Sends `elements` after this signal completes.
    ///
    /// Marble: `-a-b|` → `-a-b(xy)|` (with `append(x, y)`)
    ///
    /// - Parameter elements: The elements to send after completion.
    /// - Returns: A signal with the events of this signal, then `elements`, then completion.
    @inlinable
    public func append(_ elements: Element...) -> Signal<Element, Error> where Element: Sendable {
        append(Signal<Element, Error>.sequence(elements))
    }
}
