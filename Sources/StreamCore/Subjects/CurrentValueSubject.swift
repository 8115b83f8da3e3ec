/// A subject that holds a current value and gives it to each new observer first (Combine's type).
///
/// ```swift
/// let count = CurrentValueSubject<Int, Never>(0)
/// count.observeNext { print($0) }   // prints 0
/// count.value = 1                   // prints 1
/// ```
///
/// `value` reads the latest element sent; setting it sends. After a terminal event the value
/// stays at the last element and further sets are ignored.
public final class CurrentValueSubject<Element, Error: Swift.Error>: SignalProtocol, ObserverProtocol, Sendable {
    @usableFromInline
    let core: SubjectCore<Element, Error>

    deinit {
        // Registered observers hold the core; end them (without an event) as the subject goes.
        core.close()
    }

    /// Creates a subject holding `value`.
    public init(_ value: Element) {
        core = SubjectCore(replay: 1, initial: value, tracksLatest: true)
    }

    /// The latest value. Setting it sends the new value to every observer.
    public var value: Element {
        get {
            // Always set: the core is created with an initial value and `latest` is never cleared.
            core.latest!
        }
        set { core.send(.next(newValue)) }
    }

    /// Sends an event; a `.next` also becomes the current value.
    @inlinable
    public func on(_ event: Signal<Element, Error>.Event) {
        core.send(event)
    }

    /// Registers an observer; it receives the current value first.
    @inlinable
    public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
        core.observe(observer)
    }

    /// Registers an observer of the elements only; terminal events end the observation.
    ///
    /// The same as the ``SignalProtocol`` form, without a closure allocated to wrap `observer`.
    @inlinable
    @discardableResult
    public func observeNext(with observer: @escaping @Sendable (Element) -> Void) -> any Disposable {
        core.observeElements(observer)
    }
}
