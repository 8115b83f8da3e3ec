/// An object that receives a store's states (ReSwift's `StoreSubscriber`).
///
/// ```swift
/// final class CounterView: StoreSubscriber {
///     func newState(state: Int) { label.text = "\(state)" }
/// }
/// store.subscribe(counterView)
/// ```
///
/// The store holds subscribers weakly: a subscriber that goes away is unsubscribed at the next
/// state. `newState(state:)` is called where the store's `notifyOn` context says (by default on
/// the dispatching thread), never concurrently.
public protocol StoreSubscriber<StoreSubscriberStateType>: AnyObject, Sendable {
    /// The (selected) state the subscriber receives.
    associatedtype StoreSubscriberStateType

    /// Receives the current state when subscribing, then each new one.
    ///
    /// - Parameter state: The (selected) state.
    func newState(state: StoreSubscriberStateType)
}
