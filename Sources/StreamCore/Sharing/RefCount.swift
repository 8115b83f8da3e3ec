extension ConnectableSignalProtocol {
    /// Turns a connectable signal into an ordinary one that connects when its first observer
    /// arrives and disconnects when its last observer leaves.
    ///
    /// Marble (over `replay(limit: 1)`): source `-a-b-c-`; observer 1 `^-a-b-c-!`,
    /// observer 2 `---^b-c-!` → the source is observed once, from the first `^` to the last `!`
    /// (`^` observe, `!` dispose).
    ///
    /// ```swift
    /// let user = fetchUser().replay(limit: 1).refCount()
    /// let first = user.observeNext { print($0.name) }    // connects: fetches once
    /// let second = user.observeNext { print($0.email) }  // shares the connection
    /// first.dispose()
    /// second.dispose()                                   // disconnects the source
    /// ```
    ///
    /// - The count goes up when an observer registers and down when its disposable is disposed
    ///   (an observer that received a terminal event still counts until it is disposed).
    /// - Going from zero to one observer connects; going from one to zero disposes the
    ///   connection. A later observer connects again (for a ``ConnectableSignal``: unless the
    ///   source has terminated, in which case it receives what the subject replays).
    /// - If the connection was disposed by someone else (its ``connect()`` result), the next
    ///   observer reconnects.
    /// - Several `refCount()` signals over the same ``ConnectableSignal`` share its one
    ///   connection, which stays up until every one of them has lost its last observer.
    /// - Connecting and disconnecting are decided under a lock and carried out after unlocking,
    ///   one at a time, so racing observers never cause two connections at once; an observer that
    ///   registers or disposes from inside an event handler never deadlocks.
    /// - A downstream that ends early (for example `take(first:)`) disposes its observation
    ///   as soon as it is done, which stops a synchronous source of a ``ConnectableSignal``
    ///   once no observer is left.
    ///
    /// - Returns: A signal that shares one connection of this signal among its observers.
    public func refCount() -> Signal<Element, Error> {
        let connectionSwitch =
            (self as? any SwitchedConnectable)?.connectionSwitch
            ?? ConnectionSwitch(start: { _ in self.connect() })
        let counter = RefCounter(connectionSwitch: connectionSwitch)
        return Signal.trusted { observer in counter.attach(observer, to: self) }
    }
}

/// The observer count of one `refCount()` signal and the connection it holds.
final class RefCounter: Sendable {
    private struct State {
        var count = 0
        var connection: ConnectionSwitch.Connection?
    }

    private let state = LockedState(State())
    private let connectionSwitch: ConnectionSwitch

    init(connectionSwitch: ConnectionSwitch) {
        self.connectionSwitch = connectionSwitch
    }

    /// Registers `observer` with `connectable` and connects if it is the first.
    func attach<Connectable: ConnectableSignalProtocol>(
        _ observer: Observer<Connectable.Element, Connectable.Error>,
        to connectable: Connectable
    ) -> any Disposable {
        let observation = RefCountObservation(counter: self)
        // Counted (and a connection staged) before registering, started after: the first
        // observer is registered before a synchronous source sends anything.
        let staged = acquire()
        let downstream = observer.handler
        var handler = downstream
        if let flag = observer.lifetime as? ObservationHandle.Flag {
            // The common case: an observation's own lifetime. Its handle disposes what this call
            // returns as soon as it has it (at once if already disposed), so the per-event check
            // matters only while this call runs: when it starts the connection (`staged`), a
            // synchronous source runs inside `settle()` below. Otherwise nothing but this
            // registration's replay arrives before the handle holds `observation`, and the
            // handler stays the downstream's own. The flag is read directly: one atomic load
            // per event instead of a call through the `Disposable` existential.
            if staged {
                handler = { event in
                    downstream(event)
                    if flag.value.load(ordering: .acquiring) { observation.dispose() }
                }
            }
        } else if let lifetime = observer.lifetime {
            // A downstream that ended (take, first, …) releases its share at once, even while
            // a synchronous source is still running inside this call. The closure calls the
            // handler value and the lifetime existential only: this function is not specialized,
            // and a call through the generic `Observer` here cost a metadata lookup per event.
            handler = { event in
                downstream(event)
                if lifetime.isDisposed { observation.dispose() }
            }
        }
        observation.setInner(connectable.observe(with: handler))
        if staged { connectionSwitch.settle() }
        return observation
    }

    /// Counts one more observer; returns whether a new connection was staged (then settle).
    private func acquire() -> Bool {
        state.withLock { state in
            state.count += 1
            if let connection = state.connection, !connection.isDisposed { return false }
            // The switch takes only its own lock and never calls back into ours. A connection
            // disposed elsewhere is replaced (its lease went with it).
            state.connection = connectionSwitch.lease()
            return state.connection != nil
        }
    }

    /// Counts one observer less; the last one out disconnects.
    fileprivate func release() {
        let retired: Bool = state.withLock { state in
            state.count -= 1
            guard state.count == 0, let connection = state.connection else { return false }
            state.connection = nil
            return connectionSwitch.unlease(connection)
        }
        if retired { connectionSwitch.settle() }
    }
}

/// One observer's share of a `refCount()` signal: its subject registration plus one count.
private final class RefCountObservation: Disposable {
    private struct State {
        var inner: (any Disposable)?
        var isDisposed = false
    }

    private let state = LockedState(State())
    private let counter: RefCounter

    init(counter: RefCounter) {
        self.counter = counter
    }

    /// Sets the subject registration; disposes it at once if this observation already ended.
    func setInner(_ inner: any Disposable) {
        let rejected: Bool = state.withLock { state in
            if state.isDisposed { return true }
            state.inner = inner
            return false
        }
        if rejected { inner.dispose() }
    }

    /// Removes the observer, then gives up its count (which may disconnect the source).
    func dispose() {
        let (inner, isFirst): ((any Disposable)?, Bool) = state.withLock { state in
            if state.isDisposed { return (nil, false) }
            state.isDisposed = true
            defer { state.inner = nil }
            return (state.inner, true)
        }
        guard isFirst else { return }
        inner?.dispose()
        counter.release()
    }

    /// Whether the observation was disposed or ended with a terminal event.
    var isDisposed: Bool {
        let (isDisposed, inner) = state.withLock { ($0.isDisposed, $0.inner) }
        // Asked outside our lock: `inner` may belong to a connectable we do not know.
        return isDisposed || (inner?.isDisposed ?? false)
    }
}
