extension SignalProtocol where Element: Sendable {
    /// Observes the signal and returns its first element, or `nil` if it completes without one.
    ///
    /// Marble: `--a-b|` → returns `a` at frame 2 and disposes the observation; `---|` → `nil`;
    /// `--#` → throws.
    ///
    /// ```swift
    /// let user = try await session.currentUser.firstValue()
    /// let name = await nameProperty.firstValue()   // a signal that cannot fail needs no `try`
    /// ```
    ///
    /// Throws the signal's own error type, so for a signal that cannot fail the call does not
    /// throw. Cancelling the awaiting task disposes the observation and returns `nil` (as
    /// `AsyncStream` iteration does).
    ///
    /// Named `firstValue()` rather than `first()`: an `async` overload of the `first()` operator
    /// (which returns a `Signal`) would be chosen inside every `async` function, even where the
    /// operator was meant.
    ///
    /// - Returns: The first element, or `nil` on completion without elements or cancellation.
    public func firstValue() async throws(Error) -> Element? {
        try await awaitValue(last: false)
    }

    /// Observes the signal until it completes and returns its last element, or `nil` if it
    /// completed without one.
    ///
    /// Marble: `--a-b|` → returns `b` at frame 5; `--#` → throws.
    ///
    /// ```swift
    /// let total = try await downloads.scan(0, +).lastValue()
    /// ```
    ///
    /// Throws the signal's own error type, so for a signal that cannot fail the call does not
    /// throw. Cancelling the awaiting task disposes the observation and returns `nil`. A signal
    /// that never completes never returns (unless the task is cancelled). Named like
    /// ``firstValue()``, for the same reason.
    ///
    /// - Returns: The last element, or `nil` on completion without elements or cancellation.
    public func lastValue() async throws(Error) -> Element? {
        try await awaitValue(last: true)
    }

    /// Awaits the first or last element; cancellation disposes the observation and gives `nil`.
    private func awaitValue(last: Bool) async throws(Error) -> Element? {
        let waiter = ValueWaiter<Element, Error>(last: last)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard waiter.start(continuation) else { return }
                let observation = self.subscribe(Observer(lifetime: waiter) { event in waiter.receive(event) })
                waiter.attach(observation)
            }
        } onCancel: {
            waiter.finish(.success(nil))
        }
        switch result {
        case .success(let element): return element
        case .failure(let error): throw error
        }
    }
}

/// The state of one `firstValue()`/`lastValue()` call: the continuation to resume once, the
/// observation to dispose, and the last element seen.
private final class ValueWaiter<Element: Sendable, Failure: Swift.Error>: Disposable {
    typealias Outcome = Result<Element?, Failure>

    struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var observation: (any Disposable)?
        var latest: Element?
        /// An outcome was decided (possibly before the continuation was stored).
        var isFinished = false
    }

    let last: Bool
    let state = LockedState(State())

    init(last: Bool) {
        self.last = last
    }

    /// Stores the continuation; resumes it at once and returns `false` if already cancelled.
    func start(_ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
        let finished = state.withLock { state in
            if state.isFinished { return true }
            state.continuation = continuation
            return false
        }
        if finished { continuation.resume(returning: .success(nil)) }
        return !finished
    }

    /// Keeps the observation, or disposes it at once if the outcome is already decided.
    func attach(_ observation: any Disposable) {
        let disposeNow = state.withLock { state in
            if state.isFinished { return true }
            state.observation = observation
            return false
        }
        if disposeNow { observation.dispose() }
    }

    func receive(_ event: Signal<Element, Failure>.Event) {
        switch event {
        case .next(let element):
            if last {
                let displaced = state.withLock { state in
                    defer { state.latest = element }
                    return state.latest.take()
                }
                _ = displaced
            } else {
                finish(.success(element))
            }
        case .failed(let error):
            finish(.failure(error))
        case .completed:
            let latest = state.withLock { $0.latest.take() }
            finish(.success(latest))
        }
    }

    /// Reads as disposed once the outcome is decided, so that a synchronous producer stops.
    var isDisposed: Bool {
        state.withLock { $0.isFinished }
    }

    /// Ends the wait as a cancellation would.
    func dispose() {
        finish(.success(nil))
    }

    /// Decides the outcome once: resumes the continuation and disposes the observation, outside
    /// the lock.
    func finish(_ outcome: Outcome) {
        let taken: (CheckedContinuation<Outcome, Never>?, (any Disposable)?, Element?)? = state.withLock { state in
            if state.isFinished { return nil }
            state.isFinished = true
            defer {
                state.continuation = nil
                state.observation = nil
            }
            return (state.continuation, state.observation, state.latest.take())
        }
        guard let (continuation, observation, released) = taken else { return }
        continuation?.resume(returning: outcome)
        observation?.dispose()
        _ = released
    }
}

extension SignalProtocol where Element: Sendable {
    /// Waits for the first element: `await signal.first()`, the same as ``firstValue()``.
    ///
    /// With `await`, Swift picks this overload; without it, `first()` is the operator that
    /// returns a `Signal` of the first element. Inside an `async` function an unannotated
    /// `let x = signal.first()` means this one — write the type, or use ``firstValue()``.
    ///
    /// - Returns: The first element, or `nil` if the signal completed (or the task was
    ///   cancelled) before sending one.
    /// - Throws: The signal's error if it failed first.
    @_disfavoredOverload
    public func first() async throws(Error) -> Element? {
        try await firstValue()
    }

    /// Waits for the last element: `await signal.last()`, the same as ``lastValue()``.
    ///
    /// - Returns: The last element, or `nil` if the signal completed without one (or the task
    ///   was cancelled).
    /// - Throws: The signal's error if it failed.
    @_disfavoredOverload
    public func last() async throws(Error) -> Element? {
        try await lastValue()
    }
}
