/// What an observer's producer polls to learn that nobody listens any more: a class-bound
/// disposable (every lifetime the toolkit hands down is an object: an observation's flag, a
/// junction, a link, an engine).
@usableFromInline
package typealias ObserverLifetime = any Disposable & AnyObject

/// The observer that a producer is handed: a `Sendable` value that forwards events.
///
/// ```swift
/// let counter = Signal<Int, Never> { observer in
///     observer.receive(1)
///     observer.receive(lastElement: 2)
///     return NonDisposable.instance
/// }
/// ```
///
/// A producer that loops (or waits) can ask ``isDisposed`` to stop early once nobody listens.
public struct Observer<Element, Error: Swift.Error>: ObserverProtocol {
    @usableFromInline
    let handler: @Sendable (Signal<Element, Error>.Event) -> Void

    /// The disposable whose disposal means "stop producing"; `nil` when nobody can stop us early.
    ///
    /// Class-bound (two words, copied with one retain): an observer is copied into every
    /// operator's closure and every `just`, and an opaque `(any Disposable)?` was copied and
    /// destroyed through generic value witnesses instead.
    @usableFromInline
    package let lifetime: ObserverLifetime?

    /// Creates an observer that calls `handler` with each event.
    public init(_ handler: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) {
        self.handler = handler
        self.lifetime = nil
    }

    /// Creates an observer whose producer should stop once `lifetime` is disposed.
    @inlinable
    package init(
        lifetime: ObserverLifetime?,
        _ handler: @escaping @Sendable (Signal<Element, Error>.Event) -> Void
    ) {
        self.handler = handler
        self.lifetime = lifetime
    }

    /// Sends an event to the observer.
    @inlinable
    public func on(_ event: Signal<Element, Error>.Event) {
        handler(event)
    }

    /// Sends an event to the observer, so that `observer(.next(1))` reads as in ReactiveKit.
    @inlinable
    public func callAsFunction(_ event: Signal<Element, Error>.Event) {
        handler(event)
    }

    /// Whether the observation has been disposed, so that producing more is pointless.
    ///
    /// Events sent after disposal are dropped anyway; a long or infinite producer should check
    /// this to stop its work.
    @inlinable
    public var isDisposed: Bool {
        lifetime?.isDisposed ?? false
    }
}
