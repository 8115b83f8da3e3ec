/// The guard between an untrusted producer (or several upstreams) and one downstream observer.
///
/// It enforces the signal contract: events are delivered one at a time, in the order they were
/// accepted; an event that arrives while another is being delivered (from another thread, or
/// re-entrantly from the downstream handler) is queued and delivered by the thread already
/// delivering; nothing is accepted after a terminal event or after disposal; the upstream
/// disposable is disposed on termination and on disposal; the downstream closure is released
/// as soon as nothing can be delivered any more. No user code runs while the lock is held.
///
/// Delivery role (``DeliveryRole``), *deliver now* specialisation: the thread whose event finds
/// the role idle delivers it at once and then drains the queue; a terminal event seals the role
/// and finishes it once delivered; disposal closes it.
///
/// Operators with more than one upstream, or with asynchronous hops, route their output through
/// one of these.
package final class SerialObservation<Element, Error: Swift.Error>: Disposable {
    package typealias Event = Signal<Element, Error>.Event

    private struct State {
        var downstream: Observer<Element, Error>?
        var upstream: (any Disposable)?
        var role = DeliveryRole<Event>()
    }

    private let state: LockedState<State>
    /// The lifetime of the observation downstream of us, so that a producer's loop stops early
    /// when an outer operator (take, first, …) is done.
    private let downstreamLifetime: ObserverLifetime?

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
            if state.role.isClosed { return true }
            state.upstream = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Accepts an event from any thread.
    package func on(_ event: Event) {
        let (action, deliverer): (DeliveryRole<Event>.EnqueueAction, Observer<Element, Error>?) =
            state.withLock { state in
                let action = state.role.enqueue(event, isLast: event.isTerminal)
                guard case .deliverNow = action else { return (action, nil) }
                return (action, state.downstream)
            }
        // A dropped event is released here, after unlocking.
        guard case .deliverNow(let event) = action, let downstream = deliverer else { return }
        deliver(event, to: downstream)
    }

    private func deliver(_ first: Event, to downstream: Observer<Element, Error>) {
        var event = first
        while true {
            downstream.on(event)
            if event.isTerminal {
                release(finishing: true)
                return
            }
            switch state.withLock({ $0.role.next() }) {
            case .deliver(let next):
                event = next
            case .idle:
                return
            case .stop:
                release(finishing: false)  // disposed during the delivery: the downstream is ours
                return
            }
        }
    }

    /// The role holder is done for good: after the terminal event (`finishing`: dispose the
    /// upstream too), or after a disposal during its delivery. Releases outside the lock.
    private func release(finishing: Bool) {
        let (upstream, downstream, dropped) = state.withLock { state in
            let dropped = finishing ? state.role.finish() : []
            defer { state.upstream = nil; state.downstream = nil }
            return (state.upstream, state.downstream, dropped)
        }
        upstream?.dispose()
        _ = (downstream, dropped)
    }

    /// Ends the observation: nothing more is delivered and the upstream is disposed.
    package func dispose() {
        let (upstream, downstream, dropped) = state.withLock { state in
            let action = state.role.close()
            if case .alreadyClosed = action {
                return ((any Disposable)?.none, Observer<Element, Error>?.none, ContiguousArray<Event>())
            }
            let upstream = state.upstream
            state.upstream = nil
            var downstream: Observer<Element, Error>?
            if case .release = action {  // nobody delivering; otherwise the holder releases it
                downstream = state.downstream
                state.downstream = nil
            }
            return (upstream, downstream, action.dropped)
        }
        upstream?.dispose()
        _ = (downstream, dropped)
    }

    /// Whether the observation ended (disposed, terminated, or an outer lifetime ended).
    package var isDisposed: Bool {
        state.withLock { $0.role.isClosed } || (downstreamLifetime?.isDisposed ?? false)
    }
}
