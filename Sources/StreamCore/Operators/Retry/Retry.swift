extension SignalProtocol {
    /// Observes this signal again after a failure, up to `times` more times.
    ///
    /// Marble: `-a-#` (then `-a-b|`) → `-a--a-b|` (with `retry(1)`: the second attempt succeeds)
    ///
    /// ```swift
    /// api.fetchProfile().retry(3)   // up to four attempts in all
    /// ```
    ///
    /// Elements of every attempt are passed on, so an element sent before a failure is sent again
    /// by the next attempt if the signal repeats it. After the last allowed retry a failure is
    /// passed on. Resubscribing runs in a loop, not by recursion: a signal that fails synchronously
    /// on every attempt is retried in constant stack. A `times` of zero or less retries nothing.
    ///
    /// - Parameter times: How many times to resubscribe after a failure.
    /// - Returns: A signal that fails only when every attempt failed.
    @inlinable
    public func retry(_ times: Int) -> Signal<Element, Error> {
        guard times > 0 else { return toSignal() }
        return Signal.trusted({ observer in
            let loop = RetryLoop(retries: times, downstream: observer, subscribe: { self.subscribe($0) })
            loop.start()
            return loop
        })
    }
}
