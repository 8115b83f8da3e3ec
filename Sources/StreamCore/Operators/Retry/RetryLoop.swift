// Public so that the per-event path can be inlined (and specialized) into client modules.
public import Synchronization

/// One observation of a `retry`: subscribes to the upstream, and again after each failure while
/// retries remain.
///
/// Resubscribing is done by a loop in ``start()`` (or in the handler of an asynchronous failure),
/// never from inside the failed attempt's own `subscribe` call: a failure that arrives while a
/// thread is still subscribing only sets a flag, and that thread subscribes again when the call
/// returns. Attempts never overlap, so the downstream receives their events serially.
@usableFromInline
final class RetryLoop<Element, Failure: Swift.Error>: Disposable {
    @usableFromInline
    enum Decision {
        case ignore
        case resubscribe((any Disposable)?)
        case pass
    }

    @usableFromInline
    struct State {
        @usableFromInline var retries: Int
        /// A thread is inside the loop, subscribing.
        @usableFromInline var isSubscribing = false
        /// An attempt failed while a thread was subscribing; that thread must subscribe again.
        @usableFromInline var needsAttempt = false
        /// The disposable of the current attempt.
        @usableFromInline var current: (any Disposable)?

        @inlinable
        init(retries: Int) {
            self.retries = retries
        }
    }

    @usableFromInline let state: LockedState<State>
    /// Set once, by disposal or termination; read lock-free by producers polling their lifetime.
    @usableFromInline let ended = Atomic<Bool>(false)
    @usableFromInline let downstream: Observer<Element, Failure>
    @usableFromInline let subscribe: @Sendable (Observer<Element, Failure>) -> any Disposable

    @usableFromInline
    init(
        retries: Int,
        downstream: Observer<Element, Failure>,
        subscribe: @escaping @Sendable (Observer<Element, Failure>) -> any Disposable
    ) {
        state = LockedState(State(retries: retries))
        self.downstream = downstream
        self.subscribe = subscribe
    }

    /// Makes the first attempt (and the next ones while attempts fail during `subscribe`).
    @inlinable
    func start() {
        state.withLock { $0.isSubscribing = true }
        run()
    }

    /// Runs attempts until one is still running (asynchronous) when its `subscribe` returns, or
    /// the observation ended. The caller has set `isSubscribing`.
    @inlinable
    func run() {
        while true {
            if isDisposed {
                state.withLock { $0.isSubscribing = false }
                return
            }
            let attempt = subscribe(Observer(lifetime: self) { [self] event in receive(event) })
            let (stale, again): ((any Disposable)?, Bool) = state.withLock { state in
                if ended.load(ordering: .acquiring) {
                    state.isSubscribing = false
                    return (attempt, false)
                }
                if state.needsAttempt {
                    state.needsAttempt = false
                    return (attempt, true)
                }
                state.isSubscribing = false
                state.current = attempt
                return (nil, false)
            }
            stale?.dispose()
            if !again { return }
        }
    }

    @inlinable
    func receive(_ event: Signal<Element, Failure>.Event) {
        switch event {
        case .next:
            downstream.on(event)
        case .completed:
            if ended.load(ordering: .acquiring) { return }
            end()
            downstream.on(event)
        case .failed:
            let decision: Decision = state.withLock { state in
                if ended.load(ordering: .acquiring) { return .ignore }
                guard state.retries > 0 else { return .pass }
                state.retries -= 1
                if state.isSubscribing {
                    state.needsAttempt = true
                    return .ignore
                }
                state.isSubscribing = true
                defer { state.current = nil }
                return .resubscribe(state.current)
            }
            switch decision {
            case .ignore:
                return
            case .resubscribe(let failed):
                failed?.dispose()
                run()
            case .pass:
                end()
                downstream.on(event)
            }
        }
    }

    /// Marks the observation ended and disposes the current attempt.
    @inlinable
    func end() {
        let current: (any Disposable)? = state.withLock { state in
            ended.store(true, ordering: .releasing)
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }

    /// Ends the observation: no further attempt is made and the current one is disposed.
    @inlinable
    func dispose() {
        end()
    }

    /// Whether the observation ended, or the downstream's lifetime did.
    @inlinable
    var isDisposed: Bool {
        ended.load(ordering: .acquiring) || (downstream.lifetime?.isDisposed ?? false)
    }
}
