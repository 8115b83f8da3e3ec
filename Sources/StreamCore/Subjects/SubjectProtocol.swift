/// A signal that is also an observer: events sent into it are delivered to its observers.
///
/// ReactiveKit's `SubjectProtocol`. Every subject of this module conforms, so any of them can
/// multicast a source through a ``ConnectableSignal``:
///
/// ```swift
/// func multicast<S: SubjectProtocol<Int, Never>>(_ ticks: Signal<Int, Never>, into subject: S)
///     -> ConnectableSignal<Signal<Int, Never>> {
///     ConnectableSignal(source: ticks, subject: subject)
/// }
/// let shared = multicast(ticks, into: ReplaySubject(bufferSize: 3))
/// ```
///
/// A conforming type must accept ``ObserverProtocol/on(_:)`` from any thread and deliver each
/// observation's events serially, as every subject of this module does.
public protocol SubjectProtocol<Element, Error>: SignalProtocol, ObserverProtocol {}

extension PassthroughSubject: SubjectProtocol {}
extension ReplaySubject: SubjectProtocol {}
extension ReplayOneSubject: SubjectProtocol {}
extension CurrentValueSubject: SubjectProtocol {}
extension Property: SubjectProtocol {}

extension SubjectProtocol {
    /// Sends an element to every observer: `on(.next(element))`.
    ///
    /// For a ``Property`` this sets the value.
    @inlinable
    public func send(_ element: Element) {
        on(.next(element))
    }

    /// Ends the subject with a completion: `.completed` or `.failed(error)`.
    ///
    /// Observers are then released; later sends are ignored. A ``Property`` ignores completions
    /// (it completes its observers when it is deallocated).
    @inlinable
    public func send(completion: Subscribers.Completion<Error>) {
        on(Signal<Element, Error>.Event(completion: completion))
    }
}

extension SubjectProtocol where Element == Void {
    /// Sends `()` to every observer.
    @inlinable
    public func send() {
        on(.next(()))
    }
}
