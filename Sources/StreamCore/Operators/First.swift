extension SignalProtocol {
    /// Sends the first element, then completes and disposes the upstream.
    ///
    /// Marble: `-a-b-c|` → `-(a|)`
    ///
    /// The same as `take(first: 1)`. An empty signal completes without an element; a failure before
    /// the first element is passed on.
    ///
    /// - Returns: A signal of at most one element, the first.
    public func first() -> Signal<Element, Error> {
        take(first: 1)
    }
}
