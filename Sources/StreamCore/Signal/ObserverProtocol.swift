/// A type that receives the events of a signal.
///
/// Conforming types receive events through ``on(_:)``; the protocol adds the Combine-style
/// `receive` helpers. Observers are `Sendable` because producers may call them from any thread;
/// the toolkit guarantees that one observation never receives two events concurrently.
public protocol ObserverProtocol<Element, Error>: Sendable {
    /// The type of elements received.
    associatedtype Element
    /// The type of error that can end the signal.
    associatedtype Error: Swift.Error

    /// Receives one event.
    func on(_ event: Signal<Element, Error>.Event)
}

extension ObserverProtocol {
    /// Sends a `.next` event with the element.
    @inlinable
    public func receive(_ element: Element) {
        on(.next(element))
    }

    /// Sends the terminal event for the completion: `.completed` or `.failed`.
    public func receive(completion: Subscribers.Completion<Error>) {
        on(Signal<Element, Error>.Event(completion: completion))
    }

    /// Sends a `.next` event with the element, then `.completed`.
    public func receive(lastElement element: Element) {
        receive(element)
        receive(completion: .finished)
    }
}

extension ObserverProtocol where Element == Void {
    /// Sends a `.next(())` event.
    public func receive() {
        on(.next(()))
    }
}
