public import Dispatch

// ReactiveKit's spelling of `timeout(after:with:on:)` with the wait in seconds (`Double`), kept
// for code ported from ReactiveKit; the primary spelling takes a `Duration`.
extension SignalProtocol where Element: Sendable {
    /// Fails with `error` if no event arrives within `interval` seconds: ReactiveKit's spelling
    /// of ``timeout(after:with:on:)-(Duration,_,_)``.
    ///
    /// Marble (three ticks): `-a----b|` → `-a--#`
    ///
    /// ```swift
    /// request.timeout(after: 10, with: .timedOut)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The longest wait in seconds; zero, negative and `NaN` mean "until the
    ///     scheduler runs".
    ///   - error: The error to fail with.
    ///   - scheduler: Where the timer runs (a global dispatch queue by default); the timeout
    ///     failure arrives on it.
    /// - Returns: A signal with the same events that fails once the upstream is silent too long.
    public func timeout(
        after interval: Double,
        with error: Error,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        timeout(after: Duration(saturatingSeconds: interval), with: error, on: scheduler)
    }
}
