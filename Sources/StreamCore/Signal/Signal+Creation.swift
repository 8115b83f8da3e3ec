extension Signal {
    /// A signal that sends one element, then completes: `-a|`.
    ///
    /// ```swift
    /// Signal<Int, Never>.just(5)   // ---5-|--->
    /// ```
    @inlinable
    public static func just(_ element: Element) -> Signal where Element: Sendable {
        Signal.trusted({ observer in
            observer.receive(element)
            if !observer.isDisposed { observer.on(.completed) }
            return DisposedDisposable.instance
        })
    }

    /// A signal that sends one element, then completes (initializer spelling of ``just(_:)``).
    @inlinable
    public init(just element: Element) where Element: Sendable {
        self = .just(element)
    }

    /// A signal that sends the elements of a sequence, then completes: `-a-b-c|`.
    ///
    /// Elements are sent synchronously during `observe`; the loop stops early when the
    /// observation (or an operator downstream, such as `take(first:)`) is disposed, so an
    /// infinite sequence is fine as long as something downstream ends it.
    ///
    /// ```swift
    /// Signal<Int, Never>.sequence([1, 2, 3])   // ---1-2-3-|--->
    /// ```
    @inlinable
    public static func sequence<S: Sequence & Sendable>(_ sequence: S) -> Signal where S.Element == Element {
        Signal.trusted({ observer in
            // Read the lifetime once: when nothing downstream can stop us during this synchronous
            // loop (no lifetime), the loop needs no per-element check at all.
            guard let lifetime = observer.lifetime else {
                for element in sequence { observer.receive(element) }
                observer.on(.completed)
                return DisposedDisposable.instance
            }
            // The common lifetime, an observation's, is polled as one atomic load per element
            // rather than through a call on the `Disposable` existential.
            if let flag = observer.disposalFlag {
                for element in sequence {
                    if flag.isRaised { return DisposedDisposable.instance }
                    observer.receive(element)
                }
                if !flag.isRaised { observer.on(.completed) }
                return DisposedDisposable.instance
            }
            for element in sequence {
                if lifetime.isDisposed { return DisposedDisposable.instance }
                observer.receive(element)
            }
            if !lifetime.isDisposed { observer.on(.completed) }
            return DisposedDisposable.instance
        })
    }

    /// A signal that sends the elements of a sequence, then completes.
    @inlinable
    public init<S: Sequence & Sendable>(sequence: S) where S.Element == Element {
        self = .sequence(sequence)
    }

    /// A signal that completes without sending anything: `|`.
    public static func completed() -> Signal {
        Signal.trusted({ observer in
            observer.on(.completed)
            return DisposedDisposable.instance
        })
    }

    /// A signal that fails at once with the error: `#`.
    public static func failed(_ error: Error) -> Signal {
        Signal.trusted({ observer in
            observer.on(.failed(error))
            return DisposedDisposable.instance
        })
    }

    /// A signal that never sends anything and never ends: `---`.
    public static func never() -> Signal {
        Signal.trusted({ _ in NonDisposable.instance })
    }

    /// A signal whose producer is created anew for each observation.
    ///
    /// ```swift
    /// let now = Signal<Date, Never>.deferred { .just(Date()) }
    /// ```
    public static func deferred(_ makeSignal: @escaping @Sendable () -> Signal) -> Signal {
        Signal.trusted({ observer in makeSignal().subscription(observer) })
    }

    /// A signal that sends the result of a throwing closure, or fails with its error.
    public init(catching body: @escaping @Sendable () throws(Error) -> Element) {
        self = .trusted({ observer in
            do throws(Error) {
                let element = try body()
                observer.receive(element)
                if !observer.isDisposed { observer.on(.completed) }
            } catch {
                observer.on(.failed(error))
            }
            return DisposedDisposable.instance
        })
    }
}
