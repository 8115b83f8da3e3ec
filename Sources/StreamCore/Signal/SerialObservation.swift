/// The guard between an untrusted producer (or several upstreams) and one downstream observer.
///
/// It enforces the signal contract: events are delivered one at a time, in the order they were
/// accepted; an event that arrives while another is being delivered (from another thread, or
/// re-entrantly from the downstream handler) is queued and delivered by the thread already
/// delivering; nothing is accepted after a terminal event or after disposal; the upstream
/// disposable is disposed on termination and on disposal; the downstream closure is released
/// as soon as nothing can be delivered any more. No user code runs while the lock is held.
///
/// Operators with more than one upstream, or with asynchronous hops, route their output through
/// one of these.
package final class SerialObservation<Element, Error: Swift.Error>: Disposable {
    package typealias Event = Signal<Element, Error>.Event

    private struct State {
        var downstream: Observer<Element, Error>?
        var upstream: (any Disposable)?
        var queue = FIFOQueue<Event>()
        /// A terminal event was accepted, or the observation was disposed: accept nothing more.
        var isClosed = false
        var isDisposed = false
        var isDelivering = false
    }

    private let state: LockedState<State>
    /// The lifetime of the observation downstream of us, so that a producer's loop stops early
    /// when an outer operator (take, first, …) is done.
    private let downstreamLifetime: (any Disposable)?

    /// Creates a guard delivering to `downstream`.
    package init(downstream: Observer<Element, Error>) {
        state = LockedState(State(downstream: downstream))
        downstreamLifetime = downstream.lifetime
    }

    /// Runs `producer` with a guarded observer and returns the guard as the observation's disposable.
    package static func start(
        downstream: Observer<Element, Error>,
        producer: (Observer<Element, Error>) -> any Disposable
    ) -> any Disposable {
        let observation = SerialObservation(downstream: downstream)
        observation.setUpstream(producer(observation.observer))
        return observation
    }

    /// An observer that feeds this guard; its lifetime is the guard.
    package var observer: Observer<Element, Error> {
        Observer(lifetime: self) { [self] event in self.on(event) }
    }

    /// Sets the disposable of the work feeding this guard; disposes it at once if already closed.
    package func setUpstream(_ disposable: any Disposable) {
        let rejected: Bool = state.withLock { state in
            if state.isDisposed { return true }
            state.upstream = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Accepts an event from any thread.
    package func on(_ event: Event) {
        let deliverer: Observer<Element, Error>? = state.withLock { state in
            if state.isClosed { return nil }
            if event.isTerminal { state.isClosed = true }
            if state.isDelivering {
                state.queue.append(event)
                return nil
            }
            state.isDelivering = true
            return state.downstream
        }
        guard let downstream = deliverer else { return }
        deliver(event, to: downstream)
    }

    private func deliver(_ first: Event, to downstream: Observer<Element, Error>) {
        var event = first
        while true {
            downstream.on(event)
            if event.isTerminal {
                finish()
                return
            }
            let next: Event? = state.withLock { state in
                if !state.isDisposed, let next = state.queue.popFirst() { return next }
                state.isDelivering = false
                return nil
            }
            guard let next else {
                releaseIfDisposed()
                return
            }
            event = next
        }
    }

    /// After delivering the terminal event: dispose the upstream and release everything.
    private func finish() {
        let (upstream, downstream) = state.withLock { state in
            state.isDisposed = true
            state.isDelivering = false
            defer { state.upstream = nil; state.downstream = nil }
            return (state.upstream, state.downstream)
        }
        upstream?.dispose()
        _ = downstream
    }

    /// A disposal that happened during delivery left the downstream for us to release.
    private func releaseIfDisposed() {
        let downstream: Observer<Element, Error>? = state.withLock { state in
            guard state.isDisposed, !state.isDelivering else { return nil }
            defer { state.downstream = nil }
            return state.downstream
        }
        _ = downstream
    }

    /// Ends the observation: nothing more is delivered and the upstream is disposed.
    package func dispose() {
        let (upstream, downstream, dropped) = state.withLock { state in
            if state.isDisposed {
                return ((any Disposable)?.none, Observer<Element, Error>?.none, ContiguousArray<Event>())
            }
            state.isDisposed = true
            state.isClosed = true
            let upstream = state.upstream
            state.upstream = nil
            var downstream: Observer<Element, Error>?
            if !state.isDelivering {
                downstream = state.downstream
                state.downstream = nil
            }
            return (upstream, downstream, state.queue.removeAll())
        }
        upstream?.dispose()
        _ = (downstream, dropped)
    }

    /// Whether the observation ended (disposed, terminated, or an outer lifetime ended).
    package var isDisposed: Bool {
        state.withLock { $0.isDisposed } || (downstreamLifetime?.isDisposed ?? false)
    }
}
