public import Synchronization

/// The connection state machine behind ``ConnectableSignal`` and ``ConnectableSignalProtocol/refCount()``:
/// at most one upstream connection at a time, started and stopped outside any lock.
///
/// Callers change what they *want* under the lock — ``stage()``, ``lease()``, ``unlease(_:)`` and
/// ``terminate()`` take only this switch's lock and run no user code, so they may be called while
/// holding another lock (a ref-count's) — and then call ``settle()``, which makes the running
/// upstream match the wanted connection. One thread at a time holds the *settling role*; a thread
/// that finds the role taken leaves the work to its holder, which re-reads the state before it
/// gives the role up. So a connect or disconnect requested from another thread, or re-entrantly
/// from inside the source while it is being started, is never lost and never runs concurrently
/// with another start or stop, and a stop always completes before the next start begins.
@usableFromInline
package final class ConnectionSwitch: Sendable {
    private struct State {
        /// The connection asked for and not yet disposed; `nil` when disconnected.
        var wanted: Connection?
        /// How many ref-counts hold `wanted` (reset whenever `wanted` changes).
        var leases = 0
        /// The connection whose upstream is started, or being started by the settling thread.
        var running: Connection?
        /// The running connection's upstream disposable, once its start returned.
        var upstream: (any Disposable)?
        /// The source sent a terminal event: nothing is ever connected again.
        var isTerminated = false
        /// A thread holds the settling role.
        var isSettling = false
    }

    private enum Step {
        case start(Connection)
        case stop((any Disposable)?)
        case done
    }

    private let state = LockedState(State())
    /// Observes the upstream for a connection; the connection is the upstream observer's lifetime.
    private let start: @Sendable (Connection) -> any Disposable

    /// Creates a switch that runs `start` to connect the upstream.
    @usableFromInline
    package init(start: @escaping @Sendable (Connection) -> any Disposable) {
        self.start = start
    }

    /// Stages a connection if none is wanted and settles: the public `connect()`.
    package func connect() -> any Disposable {
        guard let connection = stage() else { return DisposedDisposable.instance }
        settle()
        return connection
    }

    /// The wanted connection, created if there is none; `nil` once the source has terminated.
    ///
    /// Lock only, no user code: call ``settle()`` afterwards (outside any lock) to start it.
    package func stage() -> Connection? {
        state.withLock { state in Self.stage(&state, owner: self) }
    }

    /// Stages like ``stage()`` and takes a lease on the connection: it stays wanted until every
    /// lease is given back with ``unlease(_:)`` (or it is disposed outright). Several `refCount()`
    /// signals over one connectable each hold one lease. Lock only, no user code.
    package func lease() -> Connection? {
        state.withLock { state in
            let connection = Self.stage(&state, owner: self)
            if connection != nil { state.leases += 1 }
            return connection
        }
    }

    /// Gives back a lease taken with ``lease()``; the last one retires the connection. Lock only,
    /// no user code; returns whether the connection was retired (then ``settle()`` after unlocking).
    package func unlease(_ connection: Connection) -> Bool {
        state.withLock { state in
            // A connection that is no longer wanted was retired already; its leases are void.
            guard state.wanted === connection else { return false }
            state.leases -= 1
            guard state.leases == 0 else { return false }
            _ = connection.markRetired()
            state.wanted = nil
            return true
        }
    }

    private static func stage(_ state: inout State, owner: ConnectionSwitch) -> Connection? {
        if state.isTerminated { return nil }
        if let wanted = state.wanted { return wanted }
        let connection = Connection(owner: owner)
        state.wanted = connection
        state.leases = 0
        return connection
    }

    /// Records that the source terminated: the wanted connection ends and no other is made.
    ///
    /// Lock only, no user code: call ``settle()`` afterwards to release the upstream.
    @usableFromInline
    package func terminate() {
        state.withLock { state in
            state.isTerminated = true
            if let wanted = state.wanted {
                _ = wanted.markRetired()
                state.wanted = nil
            }
        }
    }

    /// Ends `connection` if it is live. Lock only; returns whether it was live.
    fileprivate func retire(_ connection: Connection) -> Bool {
        state.withLock { state in
            guard connection.markRetired() else { return false }
            if state.wanted === connection { state.wanted = nil }
            return true
        }
    }

    /// Starts or stops the upstream until it matches the wanted connection, unless another
    /// thread is already doing so (it will see our change). Call without holding any lock.
    @usableFromInline
    package func settle() {
        let isSettler = state.withLock { state in
            if state.isSettling { return false }
            state.isSettling = true
            return true
        }
        guard isSettler else { return }
        while true {
            let step: Step = state.withLock { state in
                if let running = state.running, running !== state.wanted {
                    state.running = nil
                    defer { state.upstream = nil }
                    return .stop(state.upstream)
                }
                if state.running == nil, let wanted = state.wanted {
                    state.running = wanted
                    return .start(wanted)
                }
                state.isSettling = false
                return .done
            }
            switch step {
            case .start(let connection):
                let upstream = start(connection)
                state.withLock { $0.upstream = upstream }
            case .stop(let upstream):
                upstream?.dispose()
            case .done:
                return
            }
        }
    }
}

extension ConnectionSwitch {
    /// One connection of a switch: what `connect()` returns, and the upstream observer's lifetime.
    ///
    /// It holds its switch strongly, and a live switch holds its wanted and running connections,
    /// so a connected signal stays alive until it is disconnected or its source terminates.
    @usableFromInline
    package final class Connection: Disposable {
        /// Set once, when the connection ends; read lock-free by the source's observer per event.
        @usableFromInline
        let retired = Atomic<Bool>(false)
        /// The switch this connection belongs to.
        @usableFromInline
        package let owner: ConnectionSwitch

        fileprivate init(owner: ConnectionSwitch) {
            self.owner = owner
        }

        /// Marks the connection ended; `false` if it already was.
        fileprivate func markRetired() -> Bool {
            !retired.exchange(true, ordering: .acquiringAndReleasing)
        }

        /// Disconnects: the upstream is disposed now, or by the thread currently settling.
        @usableFromInline
        package func dispose() {
            if owner.retire(self) { owner.settle() }
        }

        /// Whether the connection ended (disposed, or the source terminated); a lock-free read.
        @inlinable
        package var isDisposed: Bool {
            retired.load(ordering: .acquiring)
        }
    }
}

/// A connectable whose connections are managed by a ``ConnectionSwitch``, which
/// ``ConnectableSignalProtocol/refCount()`` then drives directly.
package protocol SwitchedConnectable: Sendable {
    /// The switch that connects this signal's source.
    var connectionSwitch: ConnectionSwitch { get }
}
