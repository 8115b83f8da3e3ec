/// A receiver of a signal's events in Combine's shape (ReactiveKit's `Subscriber`): it is handed
/// a ``Subscription`` first, asks it for elements, and receives them and the completion.
///
/// ```swift
/// final class Printer: Subscriber, Sendable {
///     func receive(subscription: any Subscription) { subscription.request(.unlimited) }
///     func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
///     func receive(completion: Subscribers.Completion<Never>) { print("done") }
/// }
/// Signal(sequence: [1, 2]).subscribe(Printer())
/// ```
///
/// Attach one with `subscribe(_:)`. Elements are delivered only as
/// the subscriber asked for them (the demand it requests and the demand each `receive(_:)`
/// returns); the others wait in order, and the completion follows the last of them. The calls
/// arrive serially, on the thread that sends the event or that raises the demand. On Apple
/// platforms, code that imports Combine too writes `StreamCore.Subscriber`.
public protocol Subscriber<Input, Failure>: Sendable {
    /// The type of elements received.
    associatedtype Input
    /// The type of error that can end the signal.
    associatedtype Failure: Swift.Error

    /// Receives the subscription, before any element; request elements from it.
    ///
    /// - Parameter subscription: Requests elements, or cancels.
    func receive(subscription: any Subscription)

    /// Receives an element and returns how many more it wants (`.none` for no more than it
    /// already asked for).
    ///
    /// - Parameter input: The element.
    /// - Returns: The additional demand.
    func receive(_ input: Input) -> Subscribers.Demand

    /// Receives the completion; nothing follows it.
    ///
    /// - Parameter completion: How the signal ended.
    func receive(completion: Subscribers.Completion<Failure>)
}
