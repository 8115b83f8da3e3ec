extension SignalProtocol {
    /// Sends the events of `other` first, then those of this signal once `other` completed.
    ///
    /// Marble: `-1-2|` then `-a-b|` → `-1-2-a-b|`
    ///
    /// ```swift
    /// live.prepend(cached)
    /// ```
    ///
    /// This signal is observed only once `other` completed; a failure of `other` ends the result
    /// without observing this signal.
    ///
    /// - Parameter other: The signal to start with.
    /// - Returns: A signal with the events of `other`, then those of this signal.
    @inlinable
    public func prepend<Other: SignalProtocol>(_ other: Other) -> Signal<Element, Error>
    where Other.Element == Element, Other.Error == Error {
        other.append(self)
    }

    /// Sends `elements` first, then the events of this signal.
    ///
    /// Marble: `-a-b|` → `(xy)-a-b|` (with `prepend(x, y)`)
    ///
    /// - Parameter elements: The elements to send before observing this signal.
    /// - Returns: A signal with `elements`, then the events of this signal.
    @inlinable
    public func prepend(_ elements: Element...) -> Signal<Element, Error> where Element: Sendable {
        prepend(Signal<Element, Error>.sequence(elements))
    }

    /// Sends `elements` first, then the events of this signal (ReactiveKit and Rx spelling of
    /// `prepend(_:)`).
    ///
    /// Marble: `-a-b|` → `x-a-b|` (with `start(with: x)`)
    ///
    /// - Parameter elements: The elements to send before observing this signal.
    /// - Returns: A signal with `elements`, then the events of this signal.
    @inlinable
    public func start(with elements: Element...) -> Signal<Element, Error> where Element: Sendable {
        prepend(Signal<Element, Error>.sequence(elements))
    }
}
