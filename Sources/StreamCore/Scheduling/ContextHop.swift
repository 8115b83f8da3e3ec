/// Moves one observation's events into an execution context, keeping the signal contract.
///
/// Upstream events (serial, by contract) are queued under the lock; the first event of a burst
/// schedules one drain in the context, and the drain delivers everything queued, in order, one
/// event at a time, outside the lock. At most one drain is scheduled or running at any time, so
/// delivery stays serial even in a concurrent context, and an event sent re-entrantly from the
/// downstream handler (when the context runs work synchronously) is queued, not recursed into.
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
        var queue = FIFOQueue<Event>()
        /// A drain is scheduled in the context or running.
        var isDraining = false
        /// A terminal event was accepted: accept nothing more.
        var isClosed = false
        var isDisposed = false
    }

    private let state: LockedState<State>
    private let context: ExecutionContext
    private let downstreamLifetime: (any Disposable)?

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
            if state.isDisposed { return true }
            state.upstream = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Queues an upstream event and schedules a drain if none is pending.
    package func on(_ event: Event) {
        let scheduleDrain: Bool = state.withLock { state in
            if state.isClosed { return false }
            if event.isTerminal { state.isClosed = true }
            state.queue.append(event)
            if state.isDraining { return false }
            state.isDraining = true
            return true
        }
        if scheduleDrain {
            context.execute { [self] in self.drain() }
        }
    }

    private func drain() {
        while true {
            let next: (Event, Observer<Element, Error>)? = state.withLock { state in
                guard !state.isDisposed, let downstream = state.downstream, let event = state.queue.popFirst() else {
                    state.isDraining = false
                    return nil
                }
                return (event, downstream)
            }
            guard let (event, downstream) = next else { return }
            downstream.on(event)
            if event.isTerminal {
                dispose()
                return
            }
        }
    }

    /// Ends the observation: queued events are dropped, the upstream is disposed, and the
    /// downstream is released.
    package func dispose() {
        let (upstream, downstream, dropped) = state.withLock { state in
            if state.isDisposed {
                return ((any Disposable)?.none, Observer<Element, Error>?.none, ContiguousArray<Event>())
            }
            state.isDisposed = true
            state.isClosed = true
            defer { state.upstream = nil; state.downstream = nil }
            return (state.upstream, state.downstream, state.queue.removeAll())
        }
        upstream?.dispose()
        _ = (downstream, dropped)
    }

    /// Whether the observation ended (disposed, terminated, or an outer lifetime ended).
    package var isDisposed: Bool {
        state.withLock { $0.isDisposed } || (downstreamLifetime?.isDisposed ?? false)
    }
}
