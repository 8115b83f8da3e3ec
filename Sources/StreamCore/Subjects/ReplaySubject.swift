/// A subject that replays its most recent elements, and its terminal event, to new observers.
///
/// ```swift
/// let subject = ReplaySubject<Int, Never>(bufferSize: 2)
/// subject.send(1); subject.send(2); subject.send(3)
/// subject.observeNext { print($0) }   // prints 2, 3
/// ```
///
/// The buffer is a ring: memory stays bounded by `bufferSize`. A new observer receives the
/// buffered elements before any later event, even when other threads are sending at the same
/// time (the replay is part of the subject's serial delivery). An observer registered from
/// inside one of this subject's own observers is replayed to right after the current event.
public final class ReplaySubject<Element, Error: Swift.Error>: SignalProtocol, ObserverProtocol, Sendable {
    @usableFromInline
    let core: SubjectCore<Element, Error>

    deinit {
        // Registered observers hold the core; end them (without an event) as the subject goes.
        core.close()
    }

    /// Creates a subject that replays up to `bufferSize` elements.
    ///
    /// - Parameter bufferSize: How many recent elements to replay; `Int.max` (the default) keeps
    ///   all. A negative size is treated as zero (only the terminal event is replayed).
    public init(bufferSize: Int = .max) {
        core = SubjectCore(replay: bufferSize == .max ? .max : max(0, bufferSize))
    }

    /// Sends an event to every observer and records it for replay.
    @inlinable
    public func on(_ event: Signal<Element, Error>.Event) {
        core.send(event)
    }

    /// Registers an observer; it first receives the buffered elements.
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

/// A subject that replays only its latest element (and its terminal event) to new observers.
public final class ReplayOneSubject<Element, Error: Swift.Error>: SignalProtocol, ObserverProtocol, Sendable {
    @usableFromInline
    let core = SubjectCore<Element, Error>(replay: 1)

    deinit {
        // Registered observers hold the core; end them (without an event) as the subject goes.
        core.close()
    }

    /// Creates a subject with nothing to replay yet.
    public init() {}

    /// Sends an event to every observer and keeps it as the one to replay.
    @inlinable
    public func on(_ event: Signal<Element, Error>.Event) {
        core.send(event)
    }

    /// Registers an observer; it first receives the latest element, if any.
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

/// Safe (non-failing) replay subjects.
public typealias SafeReplaySubject<Element> = ReplaySubject<Element, Never>
/// A safe replay-one subject.
public typealias SafeReplayOneSubject<Element> = ReplayOneSubject<Element, Never>
