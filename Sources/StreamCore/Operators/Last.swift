extension SignalProtocol {
    /// Sends the last element when this signal completes.
    ///
    /// Marble: `-a-b-c|` → `------(c|)`
    ///
    /// The same as `take(last: 1)`. An empty signal completes without an element; a failure is
    /// passed on and the last element dropped.
    ///
    /// - Returns: A signal of at most one element, the last, sent on completion.
    public func last() -> Signal<Element, Error> {
        take(last: 1)
    }
}
