/// A cold signal: each observation runs its producer anew.
///
/// ```swift
/// let counter = Signal<Int, Never> { observer in
///     observer.receive(1)
///     observer.receive(2)
///     observer.receive(completion: .finished)
///     return NonDisposable.instance
/// }
/// counter.observe { print($0) }   // next(1), next(2), completed
/// ```
///
/// The producer may call its observer from any thread and at any time; the observation
/// serializes the events, drops anything after a terminal event or after disposal, and disposes
/// the producer's disposable when the signal terminates or the observation is disposed.
public struct Signal<Element, Error: Swift.Error>: SignalProtocol {
    @usableFromInline
    let subscription: @Sendable (Observer<Element, Error>) -> any Disposable

    /// Creates a signal from a producer, which is run once per observation.
    ///
    /// - Parameter producer: Sends events to the observer and returns a disposable that cancels
    ///   its work. It may send from any thread; events are delivered one at a time in the order
    ///   the observation accepted them.
    public init(_ producer: @escaping @Sendable (Observer<Element, Error>) -> any Disposable) {
        subscription = { downstream in
            SerialObservation.start(downstream: downstream, producer: producer)
        }
    }

    /// Creates a signal from a producer that already keeps the signal contract.
    ///
    /// A trusted producer sends serially, never after a terminal event, stops sending once
    /// `observer.isDisposed` or its returned disposable is disposed, and releases its resources
    /// on termination. Operators inside the toolkit use this to avoid a lock per event.
    ///
    /// A static factory rather than an initializer, so that `Signal { observer in … }` never
    /// becomes ambiguous inside the package.
    @inlinable
    package static func trusted(
        _ producer: @escaping @Sendable (Observer<Element, Error>) -> any Disposable
    ) -> Signal {
        Signal(subscription: producer)
    }

    @inlinable
    init(subscription: @escaping @Sendable (Observer<Element, Error>) -> any Disposable) {
        self.subscription = subscription
    }

    /// Registers an observer and returns the disposable that cancels the observation.
    @inlinable
    public func observe(with observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
        // The handle exists before the producer runs, so a disposal from inside a handler is
        // visible down the chain at once (its lifetime view is one atomic load).
        let handle = ObservationHandle()
        let lifetime = handle.lifetime
        #if DEBUG
        // Debug builds only: the observation stops counting in `Resources` once it terminates.
        let token = handle.resourceToken
        #endif
        // The dispose guarantee (Decision 0015): the handler re-checks the disposed flag (one
        // atomic load) immediately before it is entered, so however long an event spent in the
        // operator chain (a `map` on another thread, a context hop), it never enters the handler
        // once `dispose()` has returned.
        let guarded: @Sendable (Event) -> Void = { event in
            if lifetime.isDisposed { return }
            observer(event)
            #if DEBUG
            if event.isTerminal { token.end() }
            #endif
        }
        handle.attach(subscription(Observer(lifetime: lifetime, guarded)))
        return handle
    }

    /// Registers an observer of the elements only; terminal events end the observation.
    ///
    /// The same as the ``SignalProtocol`` form, with one closure fewer per element: the dispose
    /// guarantee's check and the element filter are one handler.
    @inlinable
    @discardableResult
    public func observeNext(with observer: @escaping @Sendable (Element) -> Void) -> any Disposable {
        let handle = ObservationHandle()
        let lifetime = handle.lifetime
        #if DEBUG
        let token = handle.resourceToken
        #endif
        // The dispose guarantee (Decision 0015), as in `observe(with:)`.
        let guarded: @Sendable (Event) -> Void = { event in
            if lifetime.isDisposed { return }
            if case .next(let element) = event {
                observer(element)
                return
            }
            #if DEBUG
            token.end()
            #endif
        }
        handle.attach(subscription(Observer(lifetime: lifetime, guarded)))
        return handle
    }
}

/// A signal that cannot fail.
public typealias SafeSignal<Element> = Signal<Element, Never>
