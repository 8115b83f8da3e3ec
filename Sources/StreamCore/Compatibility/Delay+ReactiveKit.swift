public import Dispatch

// ReactiveKit's spelling of `delay(for:on:)` with the delay in seconds (`Double`), kept for
// code ported from ReactiveKit; the primary spelling takes a `Duration`.
extension SignalProtocol where Element: Sendable {
    /// Sends every event `interval` seconds later: ReactiveKit's spelling of
    /// ``delay(for:on:)``.
    ///
    /// Marble (two ticks): `-a-b|` → `---a-b|`
    ///
    /// ```swift
    /// saves.delay(interval: 0.5).observeNext { showSavedBadge() }
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The delay in seconds; zero, negative and `NaN` mean "as soon as possible".
    ///   - scheduler: Where the events are sent from (a global dispatch queue by default); events
    ///     arrive on it.
    /// - Returns: A signal with the same events, later.
    public func delay(
        interval: Double,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        delay(for: Duration(saturatingSeconds: interval), on: scheduler)
    }
}
