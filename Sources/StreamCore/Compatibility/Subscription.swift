/// What a ``Subscriber`` asks for elements with, or cancels with (Combine's and ReactiveKit's
/// `Subscription`).
///
/// ```swift
/// func receive(subscription: any Subscription) {
///     subscription.request(.max(1))
/// }
/// ```
public protocol Subscription: Sendable {
    /// Asks for `demand` more elements.
    ///
    /// - Parameter demand: How many more; ``Subscribers/Demand/unlimited`` for all.
    func request(_ demand: Subscribers.Demand)

    /// Ends the subscription: nothing more is delivered, and the signal's observation is
    /// disposed.
    func cancel()
}
