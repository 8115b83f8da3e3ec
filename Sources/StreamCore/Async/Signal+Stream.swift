extension Signal where Element: Sendable {
    /// Creates a signal whose producer sends events through a continuation, like
    /// `AsyncStream(build:)`.
    ///
    /// Marble: `yield(a)`, `yield(b)`, `finish()` → `ab|`
    ///
    /// ```swift
    /// let ticks = Signal<Int, Never>.stream { continuation in
    ///     let timer = startTimer { continuation.yield($0) }
    ///     continuation.onTermination = { _ in timer.stop() }
    /// }
    /// ```
    ///
    /// `build` runs once per observation. The continuation may be used from any thread: events
    /// are serialized as for `Signal { observer in … }` and nothing is sent after `finish` or disposal.
    /// `onTermination` is called once, with `.finished` after `finish` or `.cancelled` when the
    /// observation is disposed first.
    ///
    /// A static function rather than an initializer taking a closure, so that
    /// `Signal { observer in … }` stays unambiguous.
    ///
    /// - Parameter build: Called with the continuation of each new observation.
    /// - Returns: A signal that sends what the continuation is given.
    public static func stream(_ build: @escaping @Sendable (Continuation) -> Void) -> Signal {
        Signal({ observer in
            let continuation = Continuation(observer: observer)
            build(continuation)
            return BlockDisposable { continuation.terminate(.cancelled) }
        })
    }

    /// The handle through which a ``Signal/stream(_:)`` producer sends events.
    public struct Continuation: Sendable {
        /// How an observation of a ``Signal/stream(_:)`` ended.
        public enum Termination: Sendable {
            /// The producer called `finish()` or `finish(throwing:)`.
            case finished
            /// The observation was disposed before the producer finished.
            case cancelled
        }

        let observer: Observer<Element, Error>
        let termination = LockedState<TerminationState>(TerminationState())

        struct TerminationState {
            var handler: (@Sendable (Termination) -> Void)?
            /// Why the observation ended, once it did.
            var reason: Termination?
        }

        init(observer: Observer<Element, Error>) {
            self.observer = observer
        }

        /// Sends an element.
        ///
        /// Marble: `yield(a)` → `a`
        ///
        /// - Parameter element: The element to send; dropped after termination.
        public func yield(_ element: Element) {
            observer.on(.next(element))
        }

        /// Completes the signal.
        ///
        /// Marble: `finish()` → `|`
        public func finish() {
            terminate(.finished)
            observer.on(.completed)
        }

        /// Fails the signal with `error`.
        ///
        /// Marble: `finish(throwing: e)` → `#e`
        ///
        /// - Parameter error: The error to fail with.
        public func finish(throwing error: Error) {
            terminate(.finished)
            observer.on(.failed(error))
        }

        /// Called once when the observation ends: with `.finished` after `finish`, with
        /// `.cancelled` when disposed first. Set it before yielding; if the observation already
        /// ended, a newly set handler is called at once.
        public var onTermination: (@Sendable (Termination) -> Void)? {
            get { termination.withLock { $0.handler } }
            nonmutating set {
                let ended: Termination? = termination.withLock { state in
                    if let reason = state.reason { return reason }
                    state.handler = newValue
                    return nil
                }
                if let ended { newValue?(ended) }
            }
        }

        /// Whether the observation ended (finished or disposed); a long producer should stop then.
        public var isTerminated: Bool {
            termination.withLock { $0.reason != nil } || observer.isDisposed
        }

        /// Marks the observation ended and calls the termination handler, once, outside the lock.
        func terminate(_ reason: Termination) {
            let handler: (@Sendable (Termination) -> Void)? = termination.withLock { state in
                if state.reason != nil { return nil }
                state.reason = reason
                defer { state.handler = nil }
                return state.handler
            }
            handler?(reason)
        }
    }
}
