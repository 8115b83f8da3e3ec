public import Dispatch

extension SignalProtocol {
    /// Retries a failed signal up to `maxRetries` times, waiting before each retry as `backoff`
    /// says, on `scheduler`.
    ///
    /// Marble (`retry(2, backoff: .constant(two ticks))`): `-a#` → `-a---a---a#`
    ///
    /// ```swift
    /// fetchProfile()
    ///     .retry(3, backoff: .exponential(initial: .seconds(1)), on: DispatchQueue.global())
    ///     .observe { print($0) }   // waits 1 s, 2 s, 4 s between attempts
    /// ```
    ///
    /// Built on ``retry(when:)``: the attempt number counts every failure since observing.
    /// After `maxRetries` retries, the next failure is sent downstream. Disposing cancels a
    /// pending retry.
    ///
    /// - Parameters:
    ///   - maxRetries: How many times to observe the signal again; zero or less sends the first
    ///     failure.
    ///   - backoff: The delay before each retry.
    ///   - scheduler: Where the waits run; a global dispatch queue by default. A retried upstream
    ///     is observed on the scheduler, so its events then arrive on whatever thread it sends
    ///     from.
    /// - Returns: A signal that retries failures after a delay.
    public func retry(
        _ maxRetries: Int,
        backoff: RetryBackoff,
        on scheduler: some Scheduler = DispatchQueue.global()
    ) -> Signal<Element, Error> {
        retry(when: { _, attempt in
            guard attempt <= maxRetries else { return Signal<Void, Error>.completed() }
            return Signal<Void, Error>(just: (), after: backoff.delay(beforeAttempt: attempt), scheduler: scheduler)
        })
    }
}
