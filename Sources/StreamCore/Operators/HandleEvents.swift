extension SignalProtocol {
    /// Runs side effects for the events of each observation, without changing them (Combine's
    /// `handleEvents`).
    ///
    /// Marble: `-a-b|` → `-a-b|` (calling `receiveOutput(a)`, `receiveOutput(b)`,
    /// `receiveCompletion(.finished)`)
    ///
    /// ```swift
    /// request.handleEvents(receiveSubscription: { spinner.start() },
    ///                      receiveCompletion: { _ in spinner.stop() },
    ///                      receiveCancel: { spinner.stop() })
    /// ```
    ///
    /// Each closure is called serially, before the event is passed downstream, outside any lock.
    /// `receiveCancel` is called when the observation is disposed before a terminal event, once;
    /// never after a completion or failure.
    ///
    /// ReactiveKit's older `doOn(next:failed:completed:disposed:)` spelling is not offered as
    /// `on(next:…)`: subjects are both signals and observers, so `subject.on(…)` would mean either
    /// "send this event" (`ObserverProtocol.on(_:)`) or "add side effects".
    ///
    /// - Parameters:
    ///   - receiveSubscription: Called when the signal is observed, before the upstream is.
    ///   - receiveOutput: Called with each element.
    ///   - receiveCompletion: Called with the completion or failure.
    ///   - receiveCancel: Called when the observation is disposed before it terminated.
    /// - Returns: A signal with the same events.
    @inlinable
    public func handleEvents(
        receiveSubscription: (@Sendable () -> Void)? = nil,
        receiveOutput: (@Sendable (Element) -> Void)? = nil,
        receiveCompletion: (@Sendable (Subscribers.Completion<Error>) -> Void)? = nil,
        receiveCancel: (@Sendable () -> Void)? = nil
    ) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            receiveSubscription?()
            let hook = CancelHook(receiveCancel, outer: observer.lifetime)
            let upstream = self.subscribe(
                Observer(lifetime: hook) { event in
                    switch event {
                    case .next(let element):
                        receiveOutput?(element)
                    case .failed(let error):
                        hook.end()
                        receiveCompletion?(.failure(error))
                    case .completed:
                        hook.end()
                        receiveCompletion?(.finished)
                    }
                    observer.on(event)
                })
            hook.attach(upstream)
            return hook
        })
    }
}

/// The disposable of a ``SignalProtocol/handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``
/// observation: disposes the upstream and calls the cancel closure if no terminal event came first.
@usableFromInline
final class CancelHook: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `state` is a LockedState; `onCancel` and `outer` are immutable.
    struct State {
        var ended = false
        var disposed = false
        var upstream: (any Disposable)?
    }

    let state = LockedState(State())
    let onCancel: (@Sendable () -> Void)?
    /// The downstream's lifetime: the hook reads as disposed once it ended, so that a synchronous
    /// upstream stops early.
    let outer: (any Disposable)?

    @usableFromInline
    init(_ onCancel: (@Sendable () -> Void)?, outer: (any Disposable)?) {
        self.onCancel = onCancel
        self.outer = outer
    }

    /// Records a terminal event: a later disposal is no cancellation.
    @usableFromInline
    func end() {
        state.withLock { $0.ended = true }
    }

    /// Keeps the upstream disposable, or disposes it at once if the hook was disposed meanwhile.
    @usableFromInline
    func attach(_ upstream: any Disposable) {
        let disposeNow = state.withLock { state in
            if state.disposed { return true }
            state.upstream = upstream
            return false
        }
        if disposeNow { upstream.dispose() }
    }

    @usableFromInline
    func dispose() {
        let (upstream, cancelled): ((any Disposable)?, Bool) = state.withLock { state in
            if state.disposed { return (nil, false) }
            state.disposed = true
            defer { state.upstream = nil }
            return (state.upstream, !state.ended)
        }
        upstream?.dispose()
        if cancelled { onCancel?() }
    }

    @usableFromInline
    var isDisposed: Bool {
        state.withLock { $0.disposed } || (outer?.isDisposed ?? false)
    }
}
