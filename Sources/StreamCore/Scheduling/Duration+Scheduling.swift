extension Duration {
    /// The longest delay a scheduler honours: about 31.7 million years. Longer delays (including
    /// an infinite number of seconds) are clamped to it, so deadline arithmetic never overflows.
    package static let maximumDelay = Duration.seconds(1_000_000_000_000_000)

    /// The shortest interval between repetitions of a repeating action: one nanosecond.
    package static let minimumInterval = Duration.nanoseconds(1)

    /// The delay to actually wait: negative delays become zero ("as soon as possible") and delays
    /// beyond ``maximumDelay`` become ``maximumDelay``.
    package var clampedDelay: Duration {
        if self < .zero { return .zero }
        if self > .maximumDelay { return .maximumDelay }
        return self
    }

    /// The interval to actually repeat at: at least ``minimumInterval``, so that virtual time
    /// moves forward between repetitions, and at most ``maximumDelay``.
    package var clampedInterval: Duration {
        if self < .minimumInterval { return .minimumInterval }
        if self > .maximumDelay { return .maximumDelay }
        return self
    }

    /// Converts a number of seconds (ReactiveKit's `Double` intervals) without trapping.
    ///
    /// `NaN` and negative values become `.zero`; values beyond ``maximumDelay`` (including
    /// `+infinity`) become ``maximumDelay``.
    package init(saturatingSeconds seconds: Double) {
        if seconds.isNaN || seconds <= 0 {
            self = .zero
        } else if seconds >= 1_000_000_000_000_000 {
            self = .maximumDelay
        } else {
            let whole = seconds.rounded(.towardZero)
            let nanoseconds = ((seconds - whole) * 1_000_000_000).rounded()
            self = .seconds(Int64(whole)) + .nanoseconds(Int64(nanoseconds))
        }
    }

    /// The duration in whole nanoseconds, saturating at the bounds of `Int64`.
    package var saturatingNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return total
    }
}
