/// How long `retry(_:backoff:on:)` waits before each attempt: a constant delay, an exponential
/// back-off, or your own function of the attempt number.
///
/// ```swift
/// RetryBackoff.constant(.seconds(2))                                  // 2 s, 2 s, 2 s, …
/// RetryBackoff.exponential(initial: .seconds(1))                      // 1 s, 2 s, 4 s, 8 s, …
/// RetryBackoff.exponential(initial: .milliseconds(100), multiplier: 3, maximum: .seconds(5))
/// RetryBackoff.custom { attempt in .seconds(attempt * attempt) }
/// ```
public struct RetryBackoff: Sendable {
    private let delayForAttempt: @Sendable (Int) -> Duration

    /// A back-off computed by `delay` from the attempt number (1 before the first retry).
    ///
    /// - Parameter delay: The delay before each retry; zero or negative retries as soon as the
    ///   scheduler runs.
    /// - Returns: The back-off.
    public static func custom(_ delay: @escaping @Sendable (_ attempt: Int) -> Duration) -> RetryBackoff {
        RetryBackoff(delayForAttempt: delay)
    }

    /// The same delay before every retry.
    ///
    /// - Parameter delay: The delay; zero or negative retries as soon as the scheduler runs.
    /// - Returns: The back-off.
    public static func constant(_ delay: Duration) -> RetryBackoff {
        RetryBackoff(delayForAttempt: { _ in delay })
    }

    /// A delay that grows by `multiplier` with every retry, up to `maximum`:
    /// `initial × multiplier^(attempt − 1)`.
    ///
    /// - Parameters:
    ///   - initial: The delay before the first retry.
    ///   - multiplier: The growth factor; 2 by default. Values below 1 and `NaN` are treated
    ///     as 1 (a constant delay).
    ///   - maximum: The longest delay; one minute by default.
    /// - Returns: The back-off.
    public static func exponential(
        initial: Duration,
        multiplier: Double = 2,
        maximum: Duration = .seconds(60)
    ) -> RetryBackoff {
        let factor = multiplier >= 1 ? multiplier : 1
        let initialSeconds = Double(initial.components.seconds) + Double(initial.components.attoseconds) / 1e18
        let maximumSeconds = Double(maximum.components.seconds) + Double(maximum.components.attoseconds) / 1e18
        return RetryBackoff(delayForAttempt: { attempt in
            let seconds = initialSeconds * pow(factor, Double(max(0, attempt - 1)))
            return Duration(saturatingSeconds: min(seconds, maximumSeconds))
        })
    }

    /// The delay before retry number `attempt` (1 for the first retry).
    ///
    /// ```swift
    /// RetryBackoff.exponential(initial: .seconds(1)).delay(beforeAttempt: 3)   // 4 seconds
    /// ```
    ///
    /// - Parameter attempt: The retry number, from 1.
    /// - Returns: The delay.
    public func delay(beforeAttempt attempt: Int) -> Duration {
        delayForAttempt(attempt)
    }
}

/// `x` to the power `y`, without Foundation.
private func pow(_ x: Double, _ y: Double) -> Double {
    guard y > 0 else { return 1 }
    var result = 1.0
    var remaining = Int(min(y, 2_000))
    var base = x
    while remaining > 0 {
        if remaining & 1 == 1 { result *= base }
        base *= base
        remaining >>= 1
        if result.isInfinite { return result }
    }
    return result
}
