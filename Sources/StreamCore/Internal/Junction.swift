// Public so that the per-event paths below can be inlined (and specialized) into client modules.
public import Synchronization

/// The state of an operator with several upstreams (or inner observations), kept in a ``Junction``.
///
/// The state is read and changed only under the junction's lock, so it must not call user code
/// (observers, transforms, producers, `dispose()` of upstream disposables). When the observation
/// ends, the junction moves the state out with ``detach()`` and, after unlocking, calls
/// ``disposeUpstreams()`` on what was moved out and releases it.
@usableFromInline
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
/// - Delivery role (``DeliveryRole``), *deliver now* specialisation, as ``SerialObservation``: one
///   thread at a time holds the role; an event produced meanwhile (on another thread, or
///   re-entrantly from the downstream handler) is queued and delivered by the role holder, in
///   order. Nothing is delivered while the lock is held. Specific to the junction: the role's
///   closing is mirrored in two atomics (lock-free lifetime polls, a last check before each
///   delivery) and the downstream handler lives outside the lock, owned by the role holder; the
///   role is taken under the lock but given back lock-free when nothing was queued behind the
///   holder (`gate`: `held` → `idle` by compare-and-swap; a thread that queues behind the holder
///   first turns `held` into `locked`, so that the holder comes to the lock for the queue).
/// - A terminal event closes the junction: later updates are refused, the state is detached and
///   its upstreams are disposed (outside the lock). Disposal does the same and drops the queue.
/// - The junction is the lifetime handed to the upstreams: it reads as disposed once closed or once
///   the downstream's own lifetime ended, so a synchronous producer stops early.
///
/// The per-event path (``update(_:)`` and the delivery loop) is inlinable so that it is specialized
/// in the client module; the rest runs once per observation.
@usableFromInline
package final class Junction<State: JunctionState, Element, Error: Swift.Error>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `storage` is a LockedState; `downstream` follows the delivery-role rule
    // written on it; the other stored properties are immutable or atomic.

    /// The events the junction delivers.
    @usableFromInline
    package typealias Event = Signal<Element, Error>.Event

    @usableFromInline
    struct Storage {
        @usableFromInline var state: State
        /// Sealed by a terminal event (refuse every update); closed by disposal or once the
        /// terminal event is delivered (nothing can be delivered any more).
        @usableFromInline var role = DeliveryRole<Event>()
        /// The state moved out by a terminal event, waiting to be disposed after unlocking.
        @usableFromInline var retired: State?

        @usableFromInline
        init(state: State) {
            self.state = state
        }
    }

    /// What an update leaves the calling thread to do after unlocking.
    @usableFromInline
    enum Step {
        case none
        case deliver
        case closed
    }

    /// How the delivery role's holder gives it back. The role is always taken under the lock
    /// (with the state change that produced the event); `idle`: the holder gave it back
    /// lock-free (the locked role's `delivering` means idle); `held`: the holder took it and
    /// nothing was queued behind it, it gives the role back with a compare-and-swap to `idle`;
    /// `locked`: the holder gives it back under the lock (something was queued behind it, the
    /// role was closed, or nobody holds it).
    @usableFromInline let gate = Atomic<RoleGate>(.locked)
    @usableFromInline let storage: LockedState<Storage>
    /// The downstream observer's handler. Read only by the thread holding the delivery role (taken
    /// under the lock); set to `nil` under the lock, either by that thread when it gives up the role
    /// for good, or by `dispose()` when no delivery is running (after which nobody can take the
    /// role). Kept out of `storage`, and without the observer's lifetime, so that delivering an
    /// event costs a closure retain rather than an observer copy.
    @exclusivity(unchecked)
    @usableFromInline var downstream: (@Sendable (Event) -> Void)?
    /// Whether the role stopped accepting (sealed or closed), for lock-free reads by producers
    /// polling their lifetime.
    @usableFromInline let closed = Atomic<Bool>(false)
    /// Set by `dispose()`; checked right before each delivery, as subjects do, so that an event
    /// taken for delivery just before a disposal on another thread is dropped in most races.
    @usableFromInline let disposed = Atomic<Bool>(false)
    /// The downstream's lifetime: an observation's is one atomic load per poll instead of a call
    /// through the `Disposable` existential (each inner polls it, per element).
    @usableFromInline let downstreamLifetime: DisposalPoll

    /// Creates a junction delivering to `downstream`.
    @usableFromInline
    package init(_ state: State, downstream: Observer<Element, Error>) {
        storage = LockedState(Storage(state: state))
        self.downstream = downstream.handler
        downstreamLifetime = downstream.disposalPoll
    }

    /// Runs `body` on the state under the lock and sends the event it leaves in `event`, if any.
    ///
    /// The event is accepted in the same critical section as the state change and delivered after
    /// unlocking (or queued for the thread already delivering). A terminal event closes the
    /// junction. `body` must not call user code.
    ///
    /// - Returns: What `body` returned, or `nil` if the junction is closed (then `body` did not run).
    @inlinable
    @discardableResult
    package func update<R>(_ body: (inout State, inout Event?) -> R) -> R? {
        var output: Event?
        var step = Step.none
        // Locked and unlocked in line rather than through `withLock`'s closure, which the
        // optimiser left out of line once the lock became an atomic word (a call per update).
        let locked = storage.unsafeLock()
        let result: R?
        if !locked.pointee.role.isAccepting {
            result = nil
        } else {
            result = body(&locked.pointee.state, &output)
            if let event = output {
                if event.isTerminal {
                    closed.store(true, ordering: .releasing)
                    locked.pointee.retired = locked.pointee.state.detach()
                    step = .closed
                }
                claimForQueue(&locked.pointee.role)
                // Accepting, so never dropped: either this thread delivers `output`, or the
                // holder does.
                switch locked.pointee.role.enqueue(event, isLast: event.isTerminal) {
                case .queued, .dropped:
                    output = nil
                case .deliverNow:
                    // Nothing queued behind us yet: we may give the role back without the lock.
                    gate.store(event.isTerminal ? .locked : .held, ordering: .releasing)
                }
            }
        }
        storage.unsafeUnlock()
        if case .closed = step {
            disposeRetired()
        }
        if let event = output {
            deliver(event)
        }
        return result
    }

    /// Sends an event that needs no state change.
    @inlinable
    package func send(_ event: Event) {
        update { _, output in output = event }
    }

    /// Delivers `first`, then whatever was queued meanwhile; the caller holds the delivery role.
    @inlinable
    func deliver(_ first: Event) {
        var event = first
        while true {
            guard !disposed.load(ordering: .acquiring), let downstream else {
                stopDelivering()
                return
            }
            downstream(event)
            if event.isTerminal {
                stopDelivering()
                return
            }
            // Nothing was queued behind us and no disposal came: give the role back lock-free.
            if gate.compareExchange(expected: .held, desired: .idle, ordering: .releasing).exchanged { return }
            // Take the next queued event, or give up the role; if a disposal happened during the
            // delivery, the downstream is ours to release.
            switch storage.withLock({ $0.role.next() }) {
            case .deliver(let queued):
                event = queued
            case .idle:
                return
            case .stop:
                stopDelivering()
                return
            }
        }
    }

    /// Gives up the delivery role for good (terminal delivered, or disposed) and releases the
    /// downstream, outside the lock.
    @usableFromInline
    func stopDelivering() {
        let (released, dropped) = storage.withLock { storage in
            defer { downstream = nil }
            return (downstream, storage.role.finish())
        }
        _ = (released, dropped)
    }

    /// Disposes the upstreams of the state a terminal event moved out, outside the lock.
    @usableFromInline
    func disposeRetired() {
        let retired: State? = storage.withLock { storage in
            defer { storage.retired = nil }
            return storage.retired
        }
        retired?.disposeUpstreams()
    }

    /// Ends the observation: nothing more is delivered and every upstream is disposed.
    @usableFromInline
    package func dispose() {
        var detached: State?
        var dropped = ContiguousArray<Event>()
        let released: (@Sendable (Event) -> Void)? = storage.withLock { storage in
            if storage.role.isClosed { return nil }
            claimForQueue(&storage.role)
            disposed.store(true, ordering: .releasing)
            if storage.role.isAccepting {  // no terminal event detached the state yet
                closed.store(true, ordering: .releasing)
                detached = storage.state.detach()
            }
            let action = storage.role.close()
            dropped = action.dropped
            if case .handOff = action { return nil }  // the role holder releases the downstream
            defer { downstream = nil }
            return downstream
        }
        detached?.disposeUpstreams()
        _ = (released, dropped)
    }

    /// Makes the locked role tell the truth before it is changed: a holder that gave the role back
    /// lock-free (`idle`) leaves it idle; one that may still do so (`held`) is made to come to the
    /// lock instead (`locked`), where it finds what was queued or the close. Under the lock.
    @inlinable @inline(__always)
    func claimForQueue(_ role: inout DeliveryRole<Event>) {
        guard case .delivering = role.phase else { return }
        while true {
            switch gate.load(ordering: .acquiring) {
            case .locked:
                return
            case .held:
                if gate.compareExchange(expected: .held, desired: .locked, ordering: .acquiringAndReleasing).exchanged {
                    return
                }
            case .idle:
                role.givenBackLockFree()
                return
            }
        }
    }

    /// Whether the junction closed (terminated or disposed) or the downstream's lifetime ended.
    @inlinable
    package var isDisposed: Bool {
        closed.load(ordering: .acquiring) || downstreamLifetime.isDisposed
    }
}
