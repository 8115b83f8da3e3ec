/// A hot signal that you send events into; observers receive what is sent after they register.
///
/// ```swift
/// let name = PassthroughSubject<String, Never>()
/// name.observeNext { print("Hi \($0)!") }
/// name.send("Jim")                   // prints "Hi Jim!"
/// name.send(completion: .finished)
/// ```
///
/// Thread safety: `send` may be called from any thread. Sends are serialized by the subject:
/// observers receive one event at a time, in the order the subject accepted them; a send made
/// while another is being delivered (on another thread, or from inside an observer) is queued
/// and delivered by the thread that is already delivering, after the current event. Observers
/// registering after a terminal event receive that event at once.
///
/// Elements that cross threads this way should be `Sendable`; the subject does not copy them.
public final class PassthroughSubject<Element, Error: Swift.Error>: SignalProtocol, ObserverProtocol, Sendable {
    @usableFromInline
    let core = SubjectCore<Element, Error>()

    deinit {
        // Registered observers hold the core; end them (without an event) as the subject goes.
        core.close()
    }

    /// Creates a subject with no observers.
    public init() {}

    /// Sends an event to every observer; ignored after a terminal event.
    @inlinable
    public func on(_ event: Signal<Element, Error>.Event) {
        core.send(event)
    }

    /// Registers an observer for events sent from now on.
    ///
    /// - Complexity: O(1) amortized, and so is disposing the returned disposable.
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

    /// The number of current observers.
    public var observerCount: Int { core.observerCount }
}

/// A passthrough subject that cannot fail.
public typealias SafePassthroughSubject<Element> = PassthroughSubject<Element, Never>
