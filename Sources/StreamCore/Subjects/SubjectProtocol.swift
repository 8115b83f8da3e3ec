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
