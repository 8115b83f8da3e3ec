public import Logging
public import PostgresNIO
import StoreKitLite
public import StreamCore
import Foundation
import NIOConcurrencyHelpers

/// A journal in PostgreSQL for a store shared by several service instances: every instance
/// appends its actions to one log under one global sequence and applies the whole log, its own
/// actions and the others', in sequence order, so all instances converge to the same state.
///
/// ```swift
/// var postgres = PostgresConnection.Configuration(
///     host: "127.0.0.1", port: 5432, username: "orders", password: secret, database: "orders", tls: .disable)
/// let journal = try PostgresJournal<Orders, OrderAction>(
///     configuration: postgres, options: PostgresJournalOptions(name: "orders"))
/// let store = try await Store(initialState: Orders(), reducer: orders, journal: journal)
/// let state = try await store.send(.submit(order))   // committed, and reduced here at its place
/// // … at shutdown:
/// await journal.close()
/// ```
///
/// - `send` returns once the action is committed in the log *and* the store has reduced it at
///   its place, after every action before it in the log (see Decision 0023).
/// - New actions are announced with `LISTEN/NOTIFY`; each instance also reads the log after the
///   last action it knows at every ``PostgresJournalOptions/pollInterval``, and at once when it
///   sees a gap, so a missed notification only delays an action.
/// - An instance that starts late loads the latest snapshot and reads the log after it.
/// - A lost connection is retried with exponential backoff, shown by ``connectionStatus``;
///   actions sent meanwhile wait (at most their deadline, below); an insert whose outcome is unknown is looked up by its origin
///   before it is tried again, so an action is never appended twice and never lost once `send`
///   returned.
/// - Actions and snapshots are JSON in `bytea` columns, bounded by the options; queries have
///   deadlines. The reducer must be deterministic.
/// - Every `send` has a deadline, ``PostgresJournalOptions/sendTimeout`` (10 s by default):
///   past it, `send` throws `StoreError.deadlineExceeded(mayHaveRun: true)`, since the action
///   may still commit (it is then applied here at its place, like any action of the log). With
///   ``PostgresJournalOptions/failFastWhileReconnecting``, a `send` made while the journal
///   reconnects throws `StoreError.deadlineExceeded(mayHaveRun: false)` at once (not written).
/// - ``infrastructureFailure`` (the database's side, cleared on recovery) and ``lastRefusal``
///   (an action refused for what it is) say why, with their time, for a health check; reasons
///   carry PostgreSQL's SQLSTATE and message, never the password or a connection string.
///
/// Limits today (issue 31 tracks them):
/// - **Effects run on every instance unless they are leased.** A feedback attached to a shared
///   store sees every state, including the states other instances' actions made. Set
///   ``PostgresJournalOptions/effectsLease`` and pass ``lease`` to `StoreService(…, lease:)`:
///   the feedbacks then run on the lease holder only, and its actions are fenced by the lease's
///   epoch (Decision 0027). Across a failover the new leader starts from the current state, so
///   an effect may run again (at least once): key the external call by the entity (the order)
///   and let the other side de-duplicate, for exactly-once *observable* effects.
/// - Refused actions are appended to the log like the others (the writer cannot know the state
///   an action will meet at its place); a refused action changes no state, so it only costs a
///   row until compaction deletes it. The log is compacted only with
///   ``PostgresJournalOptions/retainedActions`` set (nil by default: the whole log is kept); see
///   Decision 0023 and ``PostgresJournalError/behindCompaction(applied:oldestRetained:)``.
/// - An action in the log this instance cannot decode stops it, loudly:
///   ``PostgresJournalError/undecodableAction(sequence:reason:)`` (see there, and
///   ``skipUndecodableAction(at:configuration:name:timeout:logger:)``).
public final class PostgresJournal<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    /// What the journal's tasks share, guarded by `shared`.
    struct Shared: Sendable {
        var sequencer = LogSequencer<Action, HeldAction<State, Action>>(applied: 0)
        /// Actions waiting to be inserted: origin and encoded action.
        var writes: [(origin: String, payload: ByteBuffer)] = []
        var nextOrigin: UInt64 = 0
        /// Set by the middleware for the very next reducer call: the action it refused.
        var refusal: PostgresJournalError?
        weak var store: Store<State, Action>?
        var tasks: [Task<Void, Never>] = []
        var connections: [ObjectIdentifier: PostgresConnection] = [:]
        var followerWake: AsyncStream<Void>.Continuation?
        /// Whether the follower must read the log (a poll, a notification without its actions,
        /// a new connection), not only fill a gap.
        var readRequested = false
        var isClosed = false
        /// Why the journal stopped applying the log (an undecodable action, a compacted log):
        /// senders fail with it, the writer stops. Never cleared.
        var stopped: PostgresJournalError?
        /// Skipped places of the log ("no action" markers) handed on while actions before them
        /// were still on their way to the reducer: counted after them, in order.
        var skips: [Int64] = []
        /// When this instance last recorded its position in `<name>_instances`.
        var heartbeatAt: ContinuousClock.Instant?
        var lastError: PostgresJournalError?
        /// The latest infrastructure failure, cleared when the connection works again.
        var infrastructureFailure: PostgresJournalFailure?
        /// The latest action refused for what it is (too large, not encodable), never cleared.
        var lastRefusal: PostgresJournalFailure?
        /// This instance's held actions with their send deadline, in deadline order (one timeout
        /// for all). Weak: an action applied or dropped meanwhile is simply gone.
        var deadlines: [(at: ContinuousClock.Instant, action: WeakHeldAction<State, Action>)] = []
        /// The log position of the state the reducer last produced (counted by the reducer).
        var position: Int64 = 0
        /// A state to snapshot, at its position: taken by the snapshot task.
        var snapshot: (position: Int64, state: State)?
        /// The lease epoch of the waiting actions sent while this instance led the effects, by origin.
        var fences: [String: Int64] = [:]
        /// Durability (Decision 0029): a ticket orders connections' openings; per open
        /// connection, the ticket of its opening and the place its latest barrier returned.
        var ticket: UInt64 = 0
        var opened: [ObjectIdentifier: UInt64] = [:]
        var marks: [ObjectIdentifier: Int64] = [:]
        /// Whether the writer is appending a batch (its places, unknown until the call returns,
        /// may be a gap the follower sees: it need not read for it).
        var appending = false
        /// The writer's current connection.
        var writer: ObjectIdentifier?
    }

    let configuration: PostgresConnection.Configuration
    let options: PostgresJournalOptions
    let logger: Logger
    let instanceID = UUID().uuidString.lowercased()
    /// One lock for all of it: NIO's `pthread_mutex_t` box, which ThreadSanitizer understands
    /// (it reports false races on `Synchronization.Mutex` on Linux; PLATFORM.md).
    let shared = NIOLockedValueBox(Shared())
    let status = Property<PostgresConnectionStatus>(.connecting)
    let writerWake: AsyncStream<Void>.Continuation
    let writerWakes: AsyncStream<Void>
    let snapshotWake: AsyncStream<Void>.Continuation
    let snapshotWakes: AsyncStream<Void>
    let deadlineWake: AsyncStream<Void>.Continuation
    let deadlineWakes: AsyncStream<Void>
    /// Finished once the writer tried its first connection: the follower opens its own after it,
    /// so that the writer's barriers can vouch for what the follower sees (Decision 0029).
    let writerTried: AsyncStream<Void>.Continuation
    let writerTries: AsyncStream<Void>
    /// Removes the password and connection strings from the reasons it shows and logs.
    let redactor: ReasonRedactor
    /// The effects lease, if ``PostgresJournalOptions/effectsLease`` is set.
    let effectsLease: PostgresEffectsLease?

    /// Creates a journal; it connects when a store is created with it
    /// (`Store(initialState:reducer:journal:middleware:observers:notifyOn:)`).
    ///
    /// - Parameters:
    ///   - configuration: How to reach the server (postgres-nio's configuration).
    ///   - options: The journal's name, bounds, deadlines and reconnection policy.
    ///   - logger: Where the journal logs reconnections and failures.
    /// - Throws: ``PostgresJournalError/invalidName(_:)`` if the name is not a safe identifier.
    public init(
        configuration: PostgresConnection.Configuration,
        options: PostgresJournalOptions,
        logger: Logger = Logger(label: "ReactiveToolkitPostgres")
    ) throws(PostgresJournalError) {
        guard options.hasValidName else { throw .invalidName(options.name) }
        var configuration = configuration
        configuration.options.connectTimeout = .nanoseconds(Self.nanoseconds(options.connectTimeout))
        self.configuration = configuration
        self.options = options
        self.logger = logger
        let writer = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        writerWakes = writer.stream
        writerWake = writer.continuation
        let snapshots = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        snapshotWakes = snapshots.stream
        snapshotWake = snapshots.continuation
        let deadlines = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        deadlineWakes = deadlines.stream
        deadlineWake = deadlines.continuation
        let tries = AsyncStream<Void>.makeStream()
        writerTries = tries.stream
        writerTried = tries.continuation
        redactor = ReasonRedactor(configuration: configuration)
        if let lease = options.effectsLease {
            effectsLease = PostgresEffectsLease(holder: instanceID, options: lease)
        } else {
            effectsLease = nil
        }
    }

    deinit {
        writerTried.finish()
        writerWake.finish()
        snapshotWake.finish()
        deadlineWake.finish()
    }

    /// The connection's state: `.connecting`, `.connected`, `.reconnecting` (with the attempt,
    /// the delay and the reason), `.failed` or `.closed`. Observers receive the current state
    /// first.
    ///
    /// ```swift
    /// journal.connectionStatus.observeNext { status in
    ///     if case .reconnecting(let attempt, _, let reason) = status { log.warning("db lost (\(attempt)): \(reason)") }
    /// }.dispose(in: bag)
    /// ```
    public var connectionStatus: AnyProperty<PostgresConnectionStatus> {
        status.readOnlyView
    }

    /// The last failure the journal met (a failed query, a refused action, a snapshot it could
    /// not write), or nil. Never cleared; a health check reads ``infrastructureFailure``.
    public var lastError: PostgresJournalError? {
        shared.withLockedValue { $0.lastError }
    }

    /// The latest failure of the database side (a lost or refused connection, a query past its
    /// deadline, a snapshot not written, an undecodable action), with its time; nil once the
    /// connection works again (a reconnection, the next snapshot written). Client refusals are
    /// never here (see ``lastRefusal``), so a `/health` endpoint can answer 503 while it is set.
    ///
    /// Its reason carries PostgreSQL's SQLSTATE and message or the network error (say,
    /// "Connection refused"), never the password or a connection string.
    public var infrastructureFailure: PostgresJournalFailure? {
        shared.withLockedValue { $0.infrastructureFailure }
    }

    /// The latest action this journal refused for what it is (over
    /// ``PostgresJournalOptions/maxActionBytes``, not encodable), with its time: a client's
    /// fault, not the database's. Never cleared.
    public var lastRefusal: PostgresJournalFailure? {
        shared.withLockedValue { $0.lastRefusal }
    }

    /// The sequence number of the last action in the log this instance's store has reduced (its
    /// state includes every action up to it, and no later one).
    public var appliedSequence: Int64 {
        shared.withLockedValue { $0.position }
    }

    /// Stops following the log and closes the connections. Actions still waiting for their
    /// commit or their place fail: `send` throws `StoreError.deadlineExceeded(mayHaveRun: true)`
    /// (one whose insert was in flight may still be in the log, and is then applied by the other
    /// instances); later actions are refused (`StoreError.rejected`). Idempotent.
    ///
    /// It returns once the journal's tasks have ended: at once while the server refuses
    /// connections, within ``PostgresJournalOptions/connectTimeout`` while one is being opened.
    public func close() async {
        await releaseLease()
        let (tasks, connections, released) = shared.withLockedValue { shared in
            shared.isClosed = true
            let released = shared.sequencer.removeAll()
            shared.writes = []
            shared.deadlines = []
            defer { shared.tasks = []; shared.connections = [:]; shared.opened = [:]; shared.marks = [:] }
            return (shared.tasks, Array(shared.connections.values), released)
        }
        // Their senders learn the outcome is unknown (not "dropped": an insert may have committed).
        for entry in released.waiting { if case .local(let held) = entry { held.failSender(.deadlineExceeded(mayHaveRun: true)) } }
        for held in released.uncommitted { held.failSender(.deadlineExceeded(mayHaveRun: true)) }
        for task in tasks { task.cancel() }
        writerTried.finish()
        writerWake.finish()
        snapshotWake.finish()
        deadlineWake.finish()
        for connection in connections { try? await connection.close() }
        for task in tasks { await task.value }
        withExtendedLifetime(released) {}  // held actions are dropped here, outside the lock
        status.value = .closed
    }

    /// The effects lease (nil unless ``PostgresJournalOptions/effectsLease`` is set): give it to
    /// `StoreService(…, lease: journal.lease)` to run the feedbacks on one instance at a time.
    public var lease: PostgresEffectsLease? { effectsLease }

    // MARK: - The store's side

    /// The journal's middleware, last in the chain: encodes the action and holds it until its
    /// insert commits and its place in the log comes. Role holder.
    func intercept(_ action: Action, holder: ActionHolder<State, Action>) -> Action? {
        let payload: ByteBuffer
        do throws(PostgresJournalError) {
            payload = try encode(action, kind: "action", limit: options.maxActionBytes)
        } catch {
            refuse(error)
            return action
        }
        guard !isClosed else {
            refuse(.closed, byClient: false)
            return action
        }
        let held = holder.hold(action)
        if let stopped = shared.withLockedValue({ $0.stopped }) {
            held.failSender(.refusing(stopped))
            held.drop()  // not written, not run
            return nil
        }
        if options.failFastWhileReconnecting, case .reconnecting = status.value {
            held.failSender(.deadlineExceeded(mayHaveRun: false))
            held.drop()  // not written, not run
            return nil
        }
        let deadline = options.sendTimeout.map { ContinuousClock.now + $0 }
        let fence = effectsLease?.fence
        let accepted = shared.withLockedValue { shared -> Bool in
            guard !shared.isClosed, shared.stopped == nil else { return false }
            shared.nextOrigin &+= 1
            let origin = "\(instanceID):\(shared.nextOrigin)"
            shared.sequencer.register(origin: origin, local: held)
            shared.writes.append((origin, payload))
            if let fence { shared.fences[origin] = fence }
            if let deadline { shared.deadlines.append((deadline, WeakHeldAction(held))) }
            return true
        }
        guard accepted else {
            if let stopped = shared.withLockedValue({ $0.stopped }) { held.failSender(.refusing(stopped)) }
            held.drop()  // closed or stopped meanwhile
            return nil
        }
        writerWake.yield()
        if deadline != nil { deadlineWake.yield() }
        return nil
    }

    /// Marks the action the middleware passes on as refused: the reducer wrapper throws.
    private func refuse(_ error: PostgresJournalError, byClient: Bool = true) {
        let failure = PostgresJournalFailure(error: error, date: Date())
        shared.withLockedValue {
            $0.refusal = error
            $0.lastError = error
            if byClient { $0.lastRefusal = failure }
        }
    }

    /// Records a failure of the database side, with its time.
    func recordInfrastructure(_ error: PostgresJournalError) {
        let failure = PostgresJournalFailure(error: error, date: Date())
        shared.withLockedValue {
            $0.lastError = error
            // A stop stays shown: a later connection error of a task winding down must not hide it.
            if $0.stopped == nil || $0.stopped == error { $0.infrastructureFailure = failure }
        }
    }

    /// The reducer's wrapper: throws for a refused action, else reduces and counts the place.
    func reduce(_ state: inout State, _ action: Action, with reducer: Reducer<State, Action>) throws(StoreError) {
        if let refusal = shared.withLockedValue({ $0.refusal.take() }) {
            throw .rejected("journal: \(refusal.description)")
        }
        defer { counted(state) }
        try reducer(&state, action)
    }

    /// Counts one reduced action of the log; keeps a state to snapshot at each interval, if the
    /// snapshot task is not busy (so no state is released inside the reducer).
    private func counted(_ state: State) {
        let wake = shared.withLockedValue { shared -> Bool in
            shared.position &+= 1
            while shared.skips.first == shared.position &+ 1 {
                shared.position &+= 1
                shared.skips.removeFirst()
            }
            guard shared.position % Int64(options.snapshotEvery) == 0, shared.snapshot == nil else { return false }
            shared.snapshot = (shared.position, state)
            return true
        }
        if wake { snapshotWake.yield() }
    }

    /// Hands the actions whose place came to the store, in order: its own held actions resume
    /// (straight to the reducer: the journal is the last middleware), the others' are
    /// dispatched to the reducer. One caller at a time; never under the lock.
    func pump() {
        var batch = shared.withLockedValue { $0.sequencer.beginDrain() }
        guard batch != nil else { return }
        let store = shared.withLockedValue { $0.store }
        while let entries = batch {
            for entry in entries {
                switch entry {
                case .local(let held): held.resume()
                case .remote(let action): store?.dispatchToReducer(action)
                case .skipped(let sequence): skip(sequence)
                }
            }
            batch = shared.withLockedValue { $0.sequencer.nextBatch() }
        }
    }

    /// Asks the follower for a catch-up read if a place is missing.
    func catchUpIfGap() {
        let wake = shared.withLockedValue { $0.sequencer.hasGap ? $0.followerWake : nil }
        wake?.yield()
    }

    var isClosed: Bool {
        shared.withLockedValue { $0.isClosed }
    }

    /// Whether the journal still follows and appends to the log (neither closed nor stopped).
    var isRunning: Bool {
        shared.withLockedValue { !$0.isClosed && $0.stopped == nil }
    }
}
