import Synchronization

/// The state of an operator with several upstreams (or inner observations), kept in a ``Junction``.
///
/// The state is read and changed only under the junction's lock, so it must not call user code
/// (observers, transforms, producers, `dispose()` of upstream disposables). When the observation
/// ends, the junction moves the state out with ``detach()`` and, after unlocking, calls
/// ``disposeUpstreams()`` on what was moved out and releases it.
package protocol JunctionState {
    /// Moves everything out of the state (upstream disposables, pending work, stored values),
    /// leaving an inert state behind; called under the lock when the observation ends.
    mutating func detach() -> Self

    /// Disposes every upstream disposable the state holds; called once, outside the lock.
    func disposeUpstreams()
}

/// The per-observation core of an operator that merges several upstreams: its state, behind one
/// lock, plus the serial delivery of its output.
///
/// - A state change and the event it produces happen in one critical section, so the output order
///   is the order of the state changes (a `combineLatest` never sends a stale pair last).
/// - Delivery follows ``SerialObservation``: one thread at a time holds the delivery role; an event
///   produced meanwhile (on another thread, or re-entrantly from the downstream handler) is queued
///   and delivered by the role holder, in order. Nothing is delivered while the lock is held.
/// - A terminal event closes the junction: later updates are refused, the state is detached and
///   its upstreams are disposed (outside the lock). Disposal does the same and drops the queue.
/// - The junction is the lifetime handed to the upstreams: it reads as disposed once closed or once
///   the downstream's own lifetime ended, so a synchronous producer stops early.
package final class Junction<State: JunctionState, Element, Error: Swift.Error>: Disposable {
    package typealias Event = Signal<Element, Error>.Event

    private struct Storage {
        var state: State
        var downstream: Observer<Element, Error>?
        var queue = FIFOQueue<Event>()
        /// A terminal event was accepted, or the junction was disposed: refuse every update.
        var isClosed = false
        /// Nothing can be delivered any more (terminal delivered, or disposed).
        var isDisposed = false
        var isDelivering = false
    }

    private let storage: LockedState<Storage>
    /// Mirrors `Storage.isClosed` for lock-free reads by producers polling their lifetime.
    private let closed = Atomic<Bool>(false)
    /// Set by `dispose()`; checked right before each delivery, as subjects do, so that an event
    /// taken for delivery just before a disposal on another thread is dropped in most races.
    private let disposed = Atomic<Bool>(false)
    private let downstreamLifetime: (any Disposable)?

    /// Creates a junction delivering to `downstream`.
    package init(_ state: State, downstream: Observer<Element, Error>) {
        storage = LockedState(Storage(state: state, downstream: downstream))
        downstreamLifetime = downstream.lifetime
    }

    /// Runs `body` on the state under the lock and sends the event it leaves in `event`, if any.
    ///
    /// The event is accepted in the same critical section as the state change and delivered after
    /// unlocking (or queued for the thread already delivering). A terminal event closes the
    /// junction. `body` must not call user code.
    ///
    /// - Returns: What `body` returned, or `nil` if the junction is closed (then `body` did not run).
    @discardableResult
    package func update<R>(_ body: (inout State, inout Event?) -> R) -> R? {
        var delivery: (Observer<Element, Error>, Event)?
        var detached: State?
        let result: R? = storage.withLock { storage in
            if storage.isClosed { return nil }
            var event: Event?
            let result = body(&storage.state, &event)
            guard let event else { return result }
            if event.isTerminal {
                storage.isClosed = true
                closed.store(true, ordering: .releasing)
                detached = storage.state.detach()
            }
            if storage.isDelivering {
                storage.queue.append(event)
            } else if let downstream = storage.downstream {
                storage.isDelivering = true
                delivery = (downstream, event)
            }
            return result
        }
        if let detached {
            detached.disposeUpstreams()
        }
        if let (downstream, event) = delivery {
            deliver(event, to: downstream)
        }
        return result
    }

    /// Sends an event that needs no state change.
    package func send(_ event: Event) {
        update { _, output in output = event }
    }

    private func deliver(_ first: Event, to downstream: Observer<Element, Error>) {
        var event = first
        while true {
            if disposed.load(ordering: .acquiring) {
                stopDelivering()
                return
            }
            downstream.on(event)
            if event.isTerminal {
                finish()
                return
            }
            let next: Event? = storage.withLock { storage in
                if !storage.isDisposed, let next = storage.queue.popFirst() { return next }
                storage.isDelivering = false
                return nil
            }
            guard let next else {
                releaseIfDisposed()
                return
            }
            event = next
        }
    }

    /// After delivering the terminal event: release the downstream (the upstreams went at close).
    private func finish() {
        let downstream: Observer<Element, Error>? = storage.withLock { storage in
            storage.isDisposed = true
            storage.isDelivering = false
            defer { storage.downstream = nil }
            return storage.downstream
        }
        _ = downstream
    }

    /// Gives up the delivery role after a disposal and releases the downstream.
    private func stopDelivering() {
        let downstream: Observer<Element, Error>? = storage.withLock { storage in
            storage.isDelivering = false
            defer { storage.downstream = nil }
            return storage.downstream
        }
        _ = downstream
    }

    /// A disposal that happened during a delivery left the downstream for the deliverer to release.
    private func releaseIfDisposed() {
        let downstream: Observer<Element, Error>? = storage.withLock { storage in
            guard storage.isDisposed, !storage.isDelivering else { return nil }
            defer { storage.downstream = nil }
            return storage.downstream
        }
        _ = downstream
    }

    /// Ends the observation: nothing more is delivered and every upstream is disposed.
    package func dispose() {
        var detached: State?
        var dropped = ContiguousArray<Event>()
        let downstream: Observer<Element, Error>? = storage.withLock { storage in
            if storage.isDisposed { return nil }
            storage.isDisposed = true
            disposed.store(true, ordering: .releasing)
            if !storage.isClosed {
                storage.isClosed = true
                closed.store(true, ordering: .releasing)
                detached = storage.state.detach()
            }
            dropped = storage.queue.removeAll()
            if storage.isDelivering { return nil }
            defer { storage.downstream = nil }
            return storage.downstream
        }
        detached?.disposeUpstreams()
        _ = (downstream, dropped)
    }

    /// Whether the junction closed (terminated or disposed) or the downstream's lifetime ended.
    package var isDisposed: Bool {
        closed.load(ordering: .acquiring) || (downstreamLifetime?.isDisposed ?? false)
    }
}
