import Foundation
public import Logging
public import PostgresNIO
public import StoreKitLite

/// Reads a ``PostgresJournal``'s log without changing anything: a snapshot and the actions after
/// it, with the time each was written, for a post-mortem of a service (a store inspector steps
/// through them) or an audit.
///
/// ```swift
/// let reader = try PostgresJournalReader<Orders, OrderAction>(configuration: postgres, name: "orders")
/// let contents = try await reader.read(from: .latestSnapshot)
/// print(contents.snapshotSequence, contents.entries.count)   // 4000 812
/// ```
///
/// A reader only runs `SELECT`s, on a connection opened read-only
/// (`default_transaction_read_only`, so the server refuses any write); it never creates the
/// tables, never records an instance's position, never takes the effects lease, and never
/// listens. Everything it reads is bounded: every query has a deadline, a snapshot or an action
/// over its byte limit is not read (an action over it is an entry saying so), and it reads at
/// most ``maximumActions`` actions (the contents' notes say where it stopped).
///
/// Damage is a typed ``PostgresJournalError``: no such journal (``PostgresJournalError/missingLog(name:)``),
/// a place missing in the middle of the log (``PostgresJournalError/inconsistentLog(reason:)``),
/// a log that starts after the state it should continue (compacted:
/// ``PostgresJournalError/behindCompaction(applied:oldestRetained:)``), an undecodable snapshot.
/// An action that does not decode, or the skip marker, is an entry
/// (StoreKitLite's `JournalEntry.Content.undecodable(reason:)`, `.noAction`), so that a
/// post-mortem shows where it is.
public struct PostgresJournalReader<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    /// Where a read starts.
    public enum Start: Sendable, Hashable {
        /// At the latest snapshot (the log's start when there is none): the cheapest read.
        case latestSnapshot
        /// At the first action, from the store's initial state: the whole history, if the log
        /// was never compacted (``PostgresJournalOptions/retainedActions``).
        case beginning
    }

    /// How to reach the server (the reader opens it read-only).
    public let configuration: PostgresConnection.Configuration
    /// The journal's ``PostgresJournalOptions/name``.
    public let name: String
    /// The most actions one read returns (100,000 by default).
    public var maximumActions: Int
    /// The largest action read (1 MiB by default); a larger one is an undecodable entry.
    public var maxActionBytes: Int
    /// The largest snapshot read (512 MiB by default).
    public var maxSnapshotBytes: Int
    /// The deadline of the connection and of each query (10 s by default).
    public var timeout: Duration
    /// Rows per query (1,000 by default).
    public var batchSize: Int
    /// Where postgres-nio logs.
    public var logger: Logger

    /// Creates a reader; nothing is read until ``read(from:)``.
    ///
    /// - Parameters:
    ///   - configuration: How to reach the server.
    ///   - name: The journal's name.
    ///   - maximumActions: The most actions one read returns.
    ///   - timeout: The deadline of the connection and of each query.
    ///   - logger: Where postgres-nio logs.
    /// - Throws: ``PostgresJournalError/invalidName(_:)`` if the name is not a safe identifier.
    public init(
        configuration: PostgresConnection.Configuration, name: String, maximumActions: Int = 100_000,
        timeout: Duration = .seconds(10), logger: Logger = Logger(label: "ReactiveToolkitPostgres")
    ) throws(PostgresJournalError) {
        guard PostgresJournalOptions(name: name).hasValidName else { throw .invalidName(name) }
        var configuration = configuration
        configuration.options.connectTimeout = .nanoseconds(PostgresJournal<State, Action>.nanoseconds(timeout))
        configuration.options.additionalStartupParameters.append(("default_transaction_read_only", "on"))
        self.configuration = configuration
        self.name = name
        self.maximumActions = max(1, maximumActions)
        maxActionBytes = 1 << 20
        maxSnapshotBytes = 512 << 20
        self.timeout = timeout
        batchSize = 1_000
        self.logger = logger
    }

    /// Reads a snapshot (for `.latestSnapshot`) and the log's actions after it, in order.
    ///
    /// - Parameter start: Where to start.
    /// - Returns: The snapshot's state (if any) and the entries after it.
    /// - Throws: ``PostgresJournalError``: `missingLog`, `inconsistentLog`, `behindCompaction`,
    ///   `undecodableSnapshot`, `timedOut`, `connection`.
    public func read(from start: Start = .latestSnapshot) async throws(PostgresJournalError) -> JournalContents<State, Action> {
        let redactor = ReasonRedactor(configuration: configuration)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: configuration, id: Int.random(in: 0..<Int.max), logger: logger)
        } catch {
            throw .connection(reason: redactor.reason(for: error))
        }
        do throws(PostgresJournalError) {
            let contents = try await read(from: start, on: connection, redactor: redactor)
            try? await connection.close()
            return contents
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private func read(
        from start: Start, on connection: PostgresConnection, redactor: ReasonRedactor
    ) async throws(PostgresJournalError) -> JournalContents<State, Action> {
        let sql = JournalSQL(name: name)
        let exists: Bool = try await query("looking for the journal \(name)", on: connection, redactor: redactor) {
            for try await found in try await connection.query(sql.tableExists, logger: logger).decode(Bool.self) {
                return found
            }
            return false
        }
        guard exists else { throw .missingLog(name: name) }
        var snapshotSequence: Int64 = 0
        var snapshot: State?
        var snapshotDate: Date?
        if start == .latestSnapshot, let found = try await latestSnapshot(sql, on: connection, redactor: redactor) {
            (snapshotSequence, snapshot, snapshotDate) = found
        }
        var entries: [JournalEntry<Action>] = []
        var notes: [String] = []
        var position = snapshotSequence
        let decoder = JSONDecoder()
        while entries.count < maximumActions {
            let limit = min(batchSize, maximumActions - entries.count)
            let rows = try await actions(after: position, limit: limit, sql, on: connection, redactor: redactor)
            for (sequence, payload, length, date) in rows {
                guard sequence == position &+ 1 else {
                    if entries.isEmpty { throw .behindCompaction(applied: position, oldestRetained: sequence) }
                    throw .inconsistentLog(reason: "action \(position &+ 1) is missing: action \(sequence) follows action \(position)")
                }
                let content: JournalEntry<Action>.Content
                if let payload {
                    if payload.readableBytes == PostgresJournal<State, Action>.skipMarkerLength {
                        content = .noAction
                    } else {
                        do {
                            content = .action(try decoder.decode(Action.self, from: Data(payload.readableBytesView)))
                        } catch {
                            content = .undecodable(reason: String(describing: error))
                        }
                    }
                } else {
                    content = .undecodable(reason: "\(length) bytes exceed the reader's limit of \(maxActionBytes)")
                }
                entries.append(JournalEntry(sequence: UInt64(sequence), date: date, content: content))
                position = sequence
            }
            if rows.count < limit { break }
        }
        if entries.count >= maximumActions {
            let more = try await actions(after: position, limit: 1, sql, on: connection, redactor: redactor)
            if !more.isEmpty { notes.append("read the first \(maximumActions) actions after \(snapshotSequence); the log goes on") }
        }
        return JournalContents(
            source: "PostgreSQL log \(name)", snapshotSequence: UInt64(snapshotSequence), snapshot: snapshot,
            snapshotDate: snapshotDate, entries: entries, notes: notes)
    }

    /// The latest snapshot: its place, its state and when it was written; `nil` without one.
    private func latestSnapshot(
        _ sql: JournalSQL, on connection: PostgresConnection, redactor: ReasonRedactor
    ) async throws(PostgresJournalError) -> (Int64, State, Date)? {
        let limit = maxSnapshotBytes
        let logger = self.logger
        let row: (Int64, Int64, ByteBuffer?, Date)? = try await query("reading the latest snapshot", on: connection, redactor: redactor) {
            // The size is read first: a state over the limit is refused without reading it.
            for try await (sequence, length, date) in try await connection.query(sql.latestSnapshotHeader, logger: logger)
                .decode((Int64, Int64, Date).self)
            {
                if length > limit { return (sequence, length, nil, date) }
                for try await state in try await connection.query(sql.snapshot(at: sequence), logger: logger).decode(ByteBuffer.self) {
                    return (sequence, length, state, date)
                }
            }
            return nil
        }
        guard let (sequence, length, payload, date) = row else { return nil }
        guard let payload else {
            throw .undecodableSnapshot(sequence: sequence, reason: "\(length) bytes exceed the limit of \(limit)")
        }
        do {
            return (sequence, try JSONDecoder().decode(State.self, from: Data(payload.readableBytesView)), date)
        } catch {
            throw .undecodableSnapshot(sequence: sequence, reason: String(describing: error))
        }
    }

    /// Up to `limit` rows after `position`: place, payload (nil when over the limit), size, time.
    private func actions(
        after position: Int64, limit: Int, _ sql: JournalSQL, on connection: PostgresConnection, redactor: ReasonRedactor
    ) async throws(PostgresJournalError) -> [(Int64, ByteBuffer?, Int64, Date)] {
        let query = sql.boundedActions(after: position, limit: limit, maxBytes: maxActionBytes)
        let logger = self.logger
        return try await self.query("reading the log after \(position)", on: connection, redactor: redactor) {
            var rows: [(Int64, ByteBuffer?, Int64, Date)] = []
            for try await row in try await connection.query(query, logger: logger).decode((Int64, ByteBuffer?, Int64, Date).self) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Runs `body` with the deadline: past it the connection is closed (failing the query on the
    /// server's side too) and `timedOut` is thrown.
    private func query<T: Sendable>(
        _ operation: String, on connection: PostgresConnection, redactor: ReasonRedactor,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws(PostgresJournalError) -> T {
        let timeout = self.timeout
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    try? await connection.close()
                    throw PostgresJournalError.timedOut(operation: operation, after: timeout)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let result = first else {
                    throw PostgresJournalError.timedOut(operation: operation, after: timeout)
                }
                return result
            }
        } catch let error as PostgresJournalError {
            throw error
        } catch {
            throw .connection(reason: redactor.reason(for: error))
        }
    }
}

extension JournalSQL {
    /// Whether the journal's actions table exists.
    var tableExists: PostgresQuery {
        var query = PostgresQuery(unsafeSQL: "SELECT to_regclass($1) IS NOT NULL")
        query.binds.append(actions)
        return query
    }

    /// The latest snapshot's place, size and time.
    var latestSnapshotHeader: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT seq, length(state)::bigint, created_at FROM \(snapshots) ORDER BY seq DESC LIMIT 1")
    }

    /// The actions after `sequence`, in order, each with its payload (NULL when over `maxBytes`),
    /// its size and its time.
    func boundedActions(after sequence: Int64, limit: Int, maxBytes: Int) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: """
                SELECT seq, CASE WHEN length(payload) <= $3 THEN payload END, length(payload)::bigint, created_at
                FROM \(actions) WHERE seq > $1 ORDER BY seq LIMIT $2
                """)
        query.binds.append(sequence)
        query.binds.append(Int64(limit))
        query.binds.append(Int64(maxBytes))
        return query
    }
}
