public import Dispatch

// ReactiveKit's spellings of `debounce(for:on:)` with a quiet period in seconds (`Double`), kept
// for code ported from ReactiveKit; the primary spelling takes a `Duration`.
extension SignalProtocol where Element: Sendable {
    /// Sends an element only once `interval` seconds have passed without a newer one:
    /// ReactiveKit's older spelling of ``debounce(for:on:)-(Duration,_)``.
    ///
    /// Marble (two ticks): `-ab---c|` → `----b--(c|)`
    ///
    /// ```swift
    /// queries.debounce(interval: 0.3).observeNext { search($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The quiet period in seconds; zero, negative and `NaN` mean "as soon as
    ///     possible", `.infinity` about 31 million years.
    ///   - scheduler: Where the timer runs (a global dispatch queue by default); elements sent by
    ///     the timer arrive on it.
    /// - Returns: A signal of the elements that were followed by a quiet period, and the last one.
    public func debounce(
        interval: Double,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        debounce(for: Duration(saturatingSeconds: interval), on: scheduler)
    }

    /// Sends an element only once `seconds` have passed without a newer one: ReactiveKit 3's
    /// spelling of ``debounce(for:on:)-(Duration,_)``.
    ///
    /// Marble (two ticks): `-ab---c|` → `----b--(c|)`
    ///
    /// ```swift
    /// queries.debounce(for: 0.3, on: DispatchQueue.main).observeNext { search($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The quiet period in seconds; zero, negative and `NaN` mean "as soon as
    ///     possible", `.infinity` about 31 million years.
    ///   - scheduler: Where the timer runs (a global dispatch queue by default); elements sent by
    ///     the timer arrive on it.
    /// - Returns: A signal of the elements that were followed by a quiet period, and the last one.
    public func debounce(
        for seconds: Double,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        debounce(for: Duration(saturatingSeconds: seconds), on: scheduler)
    }
}
