import Foundation
import Logging
import PostgresNIO
public import StoreKitLite
public import StreamCore

extension Store where State: Codable, Action: Codable {
    /// Creates a store shared through PostgreSQL: it restores the latest snapshot and the log
    /// after it, then appends every action it reduces to the log and applies the other
    /// instances' actions, all in the log's order (see ``PostgresJournal``).
    ///
    /// ```swift
    /// let journal = try PostgresJournal<Orders, OrderAction>(configuration: postgres, options: .init(name: "orders"))
    /// let store = try await Store(initialState: Orders(), reducer: orders, journal: journal)
    /// ```
    ///
    /// The journal runs as the last middleware: it appends the actions as they reach the
    /// reducer, and holds each until it is committed and its place in the log comes; `send`
    /// then returns the state it produced. Other instances' actions go straight to the reducer
    /// (their middleware ran where they were sent). An action that cannot be written (it does
    /// not encode, or is over ``PostgresJournalOptions/maxActionBytes``) is refused: `send`
    /// throws `StoreError.rejected`. The reducer must be deterministic.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first action ever logged.
    ///   - reducer: The deterministic reducer.
    ///   - journal: A journal; it backs one store only.
    ///   - middleware: Interceptors run before the journal (on this instance's actions only).
    ///   - observers: Observing middleware.
    ///   - notifyOn: Where observers and effects are called.
    /// - Throws: The ``PostgresJournalError`` that stopped the restore (the server unreachable
    ///   within the connect timeout, a query past its deadline, an undecodable snapshot or action).
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        journal: PostgresJournal<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate
    ) async throws(PostgresJournalError) {
        let (restored, _) = try await journal.restore(initialState: initialState, reducer: reducer)
        let journaling = Middleware<State, Action>(holding: { action, _, holder in
            journal.intercept(action, holder: holder)
        })
        let guarded = Reducer<State, Action>(mutating: { state, action throws(StoreError) in
            try journal.reduce(&state, action, with: reducer)
        })
        self.init(
            initialState: restored, reducer: guarded, middleware: middleware + [journaling], observers: observers,
            notifyOn: notifyOn)
        journal.start(store: self)
    }
}

extension PostgresJournal {
    /// Loads the latest snapshot and reduces the log after it. Returns the state and its place.
    func restore(
        initialState: State, reducer: Reducer<State, Action>
    ) async throws(PostgresJournalError) -> (State, Int64) {
        let connection = try await connect()
        do throws(PostgresJournalError) {
            try await createSchema(on: connection)
            var (state, position) = try await loadSnapshot(initialState: initialState, on: connection)
            // Recorded before the log is read: compaction then keeps what this instance reads.
            try await heartbeatIfDue(on: connection, position: position)
            // Only the durable part of the log is restored; the follower reads the rest.
            let durable = try await flushLog(on: connection)
            let logger = self.logger
            let limit = options.batchSize
            while true {
                let query = sql.actions(after: position, through: durable, limit: limit)
                let rows = try await withDeadline("restoring the log after \(position)", on: connection) {
                    var rows: [(Int64, ByteBuffer)] = []
                    for try await (sequence, _, payload) in try await connection.query(query, logger: logger)
                        .decode((Int64, String, ByteBuffer).self)
                    {
                        rows.append((sequence, payload))
                    }
                    return rows
                }
                let decoder = JSONDecoder()
                if let first = rows.first?.0, first > position &+ 1 {
                    throw .behindCompaction(applied: position, oldestRetained: first)  // compacted meanwhile
                }
                for (sequence, payload) in rows {
                    if payload.readableBytes == Self.skipMarkerLength {
                        position = sequence  // a skipped place: no action
                        continue
                    }
                    let action: Action
                    do {
                        action = try decoder.decode(Action.self, from: Data(payload.readableBytesView))
                    } catch {
                        throw .undecodableAction(sequence: sequence, reason: String(describing: error))
                    }
                    do throws(StoreError) { try reducer(&state, action) } catch {}  // refused everywhere alike
                    position = sequence
                }
                if rows.count < limit { break }
            }
            await disconnect(connection)
            shared.withLockedValue { shared in
                shared.sequencer = LogSequencer(applied: position)
                shared.position = position
            }
            return (state, position)
        } catch {
            await disconnect(connection)
            throw error
        }
    }

    private func loadSnapshot(
        initialState: State, on connection: PostgresConnection
    ) async throws(PostgresJournalError) -> (State, Int64) {
        let sql = self.sql
        let query = { @Sendable (sequence: Int64) in sql.snapshot(at: sequence) }
        let logger = self.logger
        let limit = options.maxSnapshotBytes
        let size = sql.latestSnapshotSize
        let row = try await withDeadline("reading the latest snapshot", on: connection) {
            () async throws -> (Int64, Int64, ByteBuffer?)? in
            // The size is read first: a state over the limit is refused without reading it.
            for try await (sequence, length) in try await connection.query(size, logger: logger)
                .decode((Int64, Int64).self)
            {
                if length > limit { return (sequence, length, nil) }
                for try await state in try await connection.query(query(sequence), logger: logger)
                    .decode(ByteBuffer.self)
                {
                    return (sequence, length, state)
                }
            }
            return nil
        }
        guard let row else { return (initialState, 0) }
        let (sequence, length, payload) = row
        guard let payload else {
            throw .undecodableSnapshot(sequence: sequence, reason: "\(length) bytes exceed the limit of \(limit)")
        }
        do {
            return (try JSONDecoder().decode(State.self, from: Data(payload.readableBytesView)), sequence)
        } catch {
            throw .undecodableSnapshot(sequence: sequence, reason: String(describing: error))
        }
    }

    /// Attaches the store and starts the writer, the follower and the snapshot writer.
    func start(store: Store<State, Action>) {
        let writer = Task { await self.runWriter() }
        let follower = Task { await self.runFollower() }
        let snapshots = Task { await self.runSnapshots() }
        let deadlines = Task { await self.runDeadlines() }
        let tasks = [writer, follower, snapshots, deadlines] + (effectsLease.map { lease in [Task { await self.runLease(lease) }] } ?? [])
        let cancel = shared.withLockedValue { shared -> Bool in
            shared.store = store
            shared.tasks = tasks
            return shared.isClosed
        }
        if cancel { for task in tasks { task.cancel() } }
    }

    /// Writes the states the reducer kept as snapshots (the first instance to write one wins;
    /// all are equal), keeps the two latest, and compacts the log below them
    /// (``PostgresJournalOptions/retainedActions``). A failure is recorded in ``lastError`` and the
    /// next interval tries again.
    func runSnapshots() async {
        var connection: PostgresConnection?
        for await _ in snapshotWakes {
            // Taken out of the lock: the state is released here, never under it.
            guard let taken = shared.withLockedValue({ $0.snapshot.take() }) else { continue }
            let (position, state) = taken
            do throws(PostgresJournalError) {
                let payload = try encode(state, kind: "state", limit: options.maxSnapshotBytes)
                let live: PostgresConnection
                if let connection { live = connection } else { live = try await connect() }
                connection = live
                let save = sql.saveSnapshot(sequence: position, state: payload)
                let prune = sql.pruneSnapshots(before: position)
                let logger = self.logger
                try await withDeadline("writing the snapshot at \(position)", on: live) {
                    try await live.query(save, logger: logger)
                    try await live.query(prune, logger: logger)
                }
                try await compact(after: position, on: live)
                // The database works: a failure recorded before (say, the last snapshot's) is over.
                if status.value == .connected { shared.withLockedValue { $0.infrastructureFailure = nil } }
            } catch {
                recordInfrastructure(error)
                if let broken = connection { await disconnect(broken) }
                connection = nil
            }
        }
        if let connection { await disconnect(connection) }
    }
}
