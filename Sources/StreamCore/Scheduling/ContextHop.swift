/// Moves one observation's events into an execution context, keeping the signal contract.
///
/// Delivery role (``DeliveryRole``), *drain on a context* specialisation with turns. Upstream
/// events (serial, by contract) are queued under the lock; the first event of a burst takes the
/// role and schedules one drain in the context, and the drain delivers what is queued, in order, one
/// event at a time, outside the lock. At most one drain is scheduled or running at any time, so
/// delivery stays serial even in a concurrent context, and an event sent re-entrantly from the
/// downstream handler (when the context runs work synchronously) is queued, not recursed into.
///
/// Fairness: a drain is one *turn* in the context. A turn delivers at most ``batchLimit`` events,
/// and ends early after a delivery during which the downstream sent this hop a new event from
/// the same thread (a feedback loop answering through the hop). It then schedules the next turn
/// at the back of the context, so other hops sharing a serial queue get their turns in FIFO order
/// (three feedbacks on one queue, each answering every state, run round-robin). A burst queued
/// from another thread is still delivered by one turn per ``batchLimit`` events.
///
/// The drain checks the disposed flag under the lock before each delivery: once `dispose()`
/// returns, at most the event already being delivered reaches the downstream, and nothing at all
/// when disposal happens in the context itself (say, on the serial queue events arrive on).
/// A terminal event disposes the upstream and releases the downstream after it is delivered.
package final class ContextHop<Element: Sendable, Error: Swift.Error>: Disposable {
    /// The events this hop carries.
    package typealias Event = Signal<Element, Error>.Event

    private struct State {
        var downstream: Observer<Element, Error>?
        var upstream: (any Disposable)?
        /// Held while a drain is scheduled in the context or running; sealed by a terminal event.
        var role = DeliveryRole<Event>()
        /// The thread delivering the current event of a turn; 0 between deliveries.
        var deliveringThread: UInt = 0
        /// An event arrived re-entrantly from a delivery: end the turn after it.
        var yieldRequested = false
    }

    /// How many events one turn delivers at most before the hop yields its context.
    package static var batchLimit: Int { 64 }

    private let state: LockedState<State>
    private let context: ExecutionContext
    private let downstreamLifetime: ObserverLifetime?

    /// Creates a hop delivering to `downstream` in `context`.
    package init(downstream: Observer<Element, Error>, context: ExecutionContext) {
        self.state = LockedState(State(downstream: downstream))
        self.context = context
        self.downstreamLifetime = downstream.lifetime
    }

    /// An observer feeding this hop, whose lifetime is the hop (so synchronous producers stop).
    package var observer: Observer<Element, Error> {
        Observer(lifetime: self) { [self] event in self.on(event) }
    }

    /// Sets the disposable of the upstream observation; disposes it at once if already done.
    package func setUpstream(_ disposable: any Disposable) {
        let rejected: Bool = state.withLock { state in
            if state.role.isClosed { return true }
            state.upstream = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Queues an upstream event and schedules a drain if none is pending.
    package func on(_ event: Event) {
        let action = state.withLock { state in
            let action = state.role.enqueueForDrain(event, isLast: event.isTerminal)
            if case .queued = action, state.deliveringThread != 0, state.deliveringThread == ThreadIdentity.current {
                state.yieldRequested = true
            }
            return action
        }
        // A dropped event is released here, after unlocking.
        if case .startDrain = action {
            context.execute { [self] in self.drain() }
        }
    }

    private enum Step {
        case deliver(Event, Observer<Element, Error>?)
        case yield
        case done
    }

    private func drain() {
        var budget = Self.batchLimit
        while true {
            let step: Step = state.withLock { state in
                state.deliveringThread = 0
                if budget == 0 || state.yieldRequested, state.role.queuedCount > 0, !state.role.isClosed {
                    state.yieldRequested = false
                    return .yield  // the role stays taken: the next turn continues
                }
                switch state.role.next() {
                case .deliver(let event):
                    state.deliveringThread = ThreadIdentity.current
                    return .deliver(event, state.downstream)  // nil only once closed: never here
                case .idle, .stop:
                    state.yieldRequested = false
                    return .done
                }
            }
            switch step {
            case .done:
                return
            case .yield:
                if TurnHandoff.schedule(in: context, { [self] in self.drain() }) { return }
                budget = Self.batchLimit  // the context ran the turn inline: go on here, no recursion
            case .deliver(let event, let downstream):
                guard let downstream else { return }
                budget -= 1
                downstream.on(event)
                if event.isTerminal {
                    close(finishing: true)
                    return
                }
            }
        }
    }

    /// Ends the observation: queued events are dropped, the upstream is disposed, and the
    /// downstream is released.
    package func dispose() {
        close(finishing: false)
    }

    /// Closes the role (disposal; a running drain stops at its next step), or finishes it
    /// (`finishing`: the drain delivered the terminal event); releases everything after unlocking.
    private func close(finishing: Bool) {
        let (upstream, downstream, dropped) = state.withLock { state in
            let dropped: ContiguousArray<Event>
            if finishing {
                dropped = state.role.finish()
            } else {
                let action = state.role.close()
                if case .alreadyClosed = action {
                    return ((any Disposable)?.none, Observer<Element, Error>?.none, ContiguousArray<Event>())
                }
                dropped = action.dropped
            }
            defer { state.upstream = nil; state.downstream = nil }
            return (state.upstream, state.downstream, dropped)
        }
        upstream?.dispose()
        _ = (downstream, dropped)
    }

    /// Whether the observation ended (disposed, terminated, or an outer lifetime ended).
    package var isDisposed: Bool {
        state.withLock { $0.role.isClosed } || (downstreamLifetime?.isDisposed ?? false)
    }
}
