// Public so that the per-element path can be inlined (and specialized) into client modules.
public import Synchronization

/// The per-observation engine of a two-source `combineLatest`: the latest element of each
/// source, owned by whichever thread holds the *role*, and a queue of the inputs that arrive
/// while another thread holds it.
///
/// The subjects' gate (``RoleGate``, Decision 0022) applied to inputs rather than to outputs:
/// - An element that finds the role idle takes it with one compare-and-swap (`idle` → `held`),
///   updates the state, sends the pair downstream and gives the role back with another
///   (`held` → `idle`). No lock on that path: the state belongs to the role holder.
/// - An element that arrives while the role is held (from another thread, or re-entrantly from
///   the downstream handler) is queued under the lock as an input, after turning `held` into
///   `locked`; the holder, unable to give the role back lock-free, comes to the lock and applies
///   the queued inputs in order. So the pairs follow the state changes in order (a
///   `combineLatest` never sends a stale pair last), the stack never grows with re-entrant
///   sends, and no user code (the downstream, an element's `deinit`) runs under the lock.
/// - A terminal event, or ``dispose()``, closes the engine under the lock: the gate stays
///   `locked`, the queue is dropped and the upstreams are disposed (after unlocking). The
///   role-owned state (the latest elements, the downstream) is released by the role holder, or
///   by the disposal when nobody holds the role (it locks the gate first, so nobody can take it).
/// - The engine is the lifetime handed to the upstreams: disposed once closed or once the
///   downstream's own lifetime ended.
///
/// Used here instead of a ``Junction``, which keeps the state under its lock (one lock pair per
/// element, and a body closure per update); the figures are in Decision 0016.
@usableFromInline
final class CombineLatest2Engine<A, B, Failure: Swift.Error>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `latestA`, `latestB`, `completedA`, `completedB` and `downstream` are
    // read and written only by the role holder (the gate's acquiring take and releasing give-back,
    // or the lock, pass them from holder to holder), or by `dispose()` after it locked the gate
    // with nobody holding the role; `storage` is a LockedState; the rest is immutable or atomic.

    @usableFromInline typealias Output = Signal<(A, B), Failure>.Event

    /// An event of one of the sources, queued for the role holder.
    @usableFromInline
    enum Input {
        case a(Signal<A, Failure>.Event)
        case b(Signal<B, Failure>.Event)
    }

    /// What the lock guards.
    @usableFromInline
    struct Locked {
        /// Inputs that arrived while the role was held, in arrival order.
        @usableFromInline var queue = ContiguousArray<Input>()
        /// Terminated or disposed: nothing more is accepted.
        @usableFromInline var isClosed = false
        @usableFromInline var upstreamA: (any Disposable)?
        @usableFromInline var upstreamB: (any Disposable)?

        @inlinable
        init() {}
    }

    /// Who holds the role: `idle` — nobody, the queue is empty, not closed (taken lock-free);
    /// `held` — a thread holds it and nothing is queued (it gives it back lock-free); `locked` —
    /// the holder must come to the lock (inputs were queued behind it), or the engine closed.
    /// Under the lock, `locked` while not closed means that a holder exists.
    @usableFromInline let gate = Atomic<RoleGate>(.idle)
    @usableFromInline let storage = LockedState(Locked())
    /// Mirrors `Locked.isClosed` for lock-free reads (the role holder's checks, lifetime polls).
    @usableFromInline let closed = Atomic<Bool>(false)
    @usableFromInline let downstreamLifetime: DisposalPoll

    @exclusivity(unchecked) @usableFromInline var latestA: A?
    @exclusivity(unchecked) @usableFromInline var latestB: B?
    @exclusivity(unchecked) @usableFromInline var completedA = false
    @exclusivity(unchecked) @usableFromInline var completedB = false
    /// The downstream handler, in a box this engine retains itself; `nil` once
    /// nothing can be delivered any more (released then, so that a handler capturing what keeps
    /// this observation alive makes no cycle). Boxed so that the role holder calls it through a
    /// guaranteed reference to the box's `let`: a closure read from a `var` is retained and
    /// released for each call (a retain and release per element), and the handler must stay
    /// releasable, so it cannot be a `let` of the engine. One allocation per observation.
    @exclusivity(unchecked) @usableFromInline var downstream: _UnsafeReference<DownstreamBox>?

    /// Holds the downstream handler (see `downstream`).
    @usableFromInline
    final class DownstreamBox: Sendable {
        @usableFromInline let handler: @Sendable (Output) -> Void

        @inlinable
        init(_ handler: @escaping @Sendable (Output) -> Void) {
            self.handler = handler
        }
    }

    @inlinable
    init(downstream: Observer<(A, B), Failure>) {
        self.downstream = _UnsafeReference(retaining: DownstreamBox(downstream.handler))
        downstreamLifetime = downstream.disposalPoll
    }

    deinit {
        // Never terminated nor disposed (its sources and its observation let go of it).
        downstream?.release()
    }

    // MARK: Inputs

    /// Accepts an event of the first source, from any thread.
    @inlinable
    func receiveA(_ event: Signal<A, Failure>.Event) {
        if gate.compareExchange(expected: .idle, desired: .held, ordering: .acquiring).exchanged {
            applyA(event)
            relinquish()
            return
        }
        enqueue(.a(event))
    }

    /// Accepts an event of the second source, from any thread.
    @inlinable
    func receiveB(_ event: Signal<B, Failure>.Event) {
        if gate.compareExchange(expected: .idle, desired: .held, ordering: .acquiring).exchanged {
            applyB(event)
            relinquish()
            return
        }
        enqueue(.b(event))
    }

    /// The role was not idle: queues `input` for the holder, or takes the role if it was given
    /// back meanwhile, or drops `input` if the engine closed.
    @inlinable
    func enqueue(_ input: Input) {
        let locked = storage.unsafeLock()
        if locked.pointee.isClosed {
            storage.unsafeUnlock()
            return  // dropped: the caller releases `input`, after the unlock
        }
        while true {
            switch gate.load(ordering: .acquiring) {
            case .idle:
                // Given back lock-free meanwhile (the queue is empty then): take it.
                if gate.compareExchange(expected: .idle, desired: .held, ordering: .acquiring).exchanged {
                    storage.unsafeUnlock()
                    apply(input)
                    relinquish()
                    return
                }
            case .held:
                // Make the holder come to the lock for the queue.
                if gate.compareExchange(expected: .held, desired: .locked, ordering: .acquiringAndReleasing).exchanged {
                    locked.pointee.queue.append(input)
                    storage.unsafeUnlock()
                    return
                }
            case .locked:
                // Not closed, so a holder exists and will come to the lock.
                locked.pointee.queue.append(input)
                storage.unsafeUnlock()
                return
            }
        }
    }

    /// Gives the role back: lock-free if nothing was queued behind the holder, else after
    /// applying what was queued, in order (``drainQueued()``). Role holder only.
    @inlinable @inline(__always)
    func relinquish() {
        if gate.compareExchange(expected: .held, desired: .idle, ordering: .releasing).exchanged { return }
        drainQueued()
    }

    /// Applies what was queued behind the holder, then gives the role back (or, once the engine
    /// closed, releases the role's state). Out of line: the per-element path is the lock-free
    /// give-back above. Role holder only.
    @inlinable @inline(never)
    func drainQueued() {
        while true {
            // `locked`: inputs were queued, or the engine closed.
            let locked = storage.unsafeLock()
            if locked.pointee.isClosed {
                storage.unsafeUnlock()
                releaseRoleOwned()  // the gate stays locked: nobody takes the role any more
                return
            }
            if locked.pointee.queue.isEmpty {
                gate.store(.idle, ordering: .releasing)
                storage.unsafeUnlock()
                return
            }
            let batch = locked.pointee.queue
            locked.pointee.queue = []
            gate.store(.held, ordering: .releasing)
            storage.unsafeUnlock()
            for input in batch { apply(input) }  // after closing, `apply` does nothing
            if gate.compareExchange(expected: .held, desired: .idle, ordering: .releasing).exchanged { return }
        }
    }

    // MARK: The role holder's work

    /// Updates the state with a queued input and sends what it produces. Role holder only.
    @inlinable
    func apply(_ input: Input) {
        switch input {
        case .a(let event): applyA(event)
        case .b(let event): applyB(event)
        }
    }

    /// Updates the state with an event of the first source and sends what it produces (after a
    /// closing, nothing). Role holder only.
    @inlinable
    func applyA(_ event: Signal<A, Failure>.Event) {
        if closed.load(ordering: .acquiring) { return }
        switch event {
        case .next(let element):
            let displaced = latestA.take()  // released at the end of this call: outside any lock
            latestA = element
            if let b = latestB { deliver(.next((element, b))) }
            _ = displaced
        case .completed:
            completedA = true
            if completedB { finish(with: .completed) }
        case .failed(let error):
            finish(with: .failed(error))
        }
    }

    /// Updates the state with an event of the second source and sends what it produces (after a
    /// closing, nothing). Role holder only.
    @inlinable
    func applyB(_ event: Signal<B, Failure>.Event) {
        if closed.load(ordering: .acquiring) { return }
        switch event {
        case .next(let element):
            let displaced = latestB.take()
            latestB = element
            if let a = latestA { deliver(.next((a, element))) }
            _ = displaced
        case .completed:
            completedB = true
            if completedA { finish(with: .completed) }
        case .failed(let error):
            finish(with: .failed(error))
        }
    }

    /// Sends `event` downstream unless the engine was closed meanwhile (a disposal on another
    /// thread: the dispose guarantee's last check). Role holder only.
    @inlinable
    func deliver(_ event: Output) {
        guard !closed.load(ordering: .acquiring), let downstream else { return }
        // The box is retained by `downstream`, which only the role holder (this thread) clears.
        downstream.withObject { $0.handler(event) }
    }

    /// Delivers the terminal event and closes the engine. Role holder only; the holder's
    /// `relinquish()` then releases the role-owned state.
    @usableFromInline
    func finish(with event: Output) {
        deliver(event)
        gate.store(.locked, ordering: .releasing)  // the holder's own gate: nobody takes the role now
        close()
    }

    /// Closes the engine under the lock and disposes the upstreams and drops the queue after
    /// unlocking; `nil` if it was closed already, else whether a holder has the role (else the
    /// gate is now locked with nobody holding it).
    @usableFromInline
    @discardableResult
    func close() -> Bool? {
        let locked = storage.unsafeLock()
        if locked.pointee.isClosed {
            storage.unsafeUnlock()
            return nil
        }
        locked.pointee.isClosed = true
        closed.store(true, ordering: .releasing)
        let taken = (locked.pointee.upstreamA, locked.pointee.upstreamB, locked.pointee.queue)
        locked.pointee.upstreamA = nil
        locked.pointee.upstreamB = nil
        locked.pointee.queue = []
        var held: Bool
        lockGate: while true {
            switch gate.load(ordering: .acquiring) {
            case .idle:
                if gate.compareExchange(expected: .idle, desired: .locked, ordering: .acquiring).exchanged {
                    held = false
                    break lockGate
                }
            case .held:
                if gate.compareExchange(expected: .held, desired: .locked, ordering: .acquiringAndReleasing).exchanged {
                    held = true
                    break lockGate
                }
            case .locked:
                held = true  // not closed until now, so a holder exists (or it is the caller)
                break lockGate
            }
        }
        storage.unsafeUnlock()
        taken.0?.dispose()
        taken.1?.dispose()
        _ = taken.2  // dropped inputs, released outside the lock
        return held
    }

    /// Releases the latest elements and the downstream. Whoever owns the role's state: the last
    /// holder, or a disposal that locked the gate while nobody held it.
    @usableFromInline
    func releaseRoleOwned() {
        let released = (latestA.take(), latestB.take())
        let box = downstream
        downstream = nil
        box?.release()
        _ = released
    }

    // MARK: Upstreams and lifetime

    /// Keeps the first source's disposable; disposes it at once if the engine closed.
    @usableFromInline
    func setUpstreamA(_ disposable: any Disposable) {
        setUpstream(disposable, at: \.upstreamA)
    }

    /// Keeps the second source's disposable; disposes it at once if the engine closed.
    @usableFromInline
    func setUpstreamB(_ disposable: any Disposable) {
        setUpstream(disposable, at: \.upstreamB)
    }

    /// Stores an upstream disposable in `slot` unless the engine closed (then disposes it).
    private func setUpstream(_ disposable: any Disposable, at slot: WritableKeyPath<Locked, (any Disposable)?>) {
        let locked = storage.unsafeLock()
        if locked.pointee.isClosed {
            storage.unsafeUnlock()
            disposable.dispose()
            return
        }
        locked.pointee[keyPath: slot] = disposable
        storage.unsafeUnlock()
    }

    /// Ends the observation: nothing more is delivered and both upstreams are disposed. The event
    /// a holder on another thread is delivering at this moment may still arrive; none after it.
    @usableFromInline
    func dispose() {
        // Nobody held the role and nobody can take it now: its state is ours to release.
        if close() == false { releaseRoleOwned() }
    }

    /// Whether the engine closed or the downstream's lifetime ended.
    @inlinable
    var isDisposed: Bool {
        closed.load(ordering: .acquiring) || downstreamLifetime.isDisposed
    }
}
