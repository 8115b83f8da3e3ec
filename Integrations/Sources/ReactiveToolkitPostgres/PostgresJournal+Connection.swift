import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The SQL of one journal: its table names are the validated ``PostgresJournalOptions/name``.
struct JournalSQL {
    let name: String
    var actions: String { "\(name)_actions" }
    var snapshots: String { "\(name)_snapshots" }
    var counter: String { "\(name)_counter" }

    /// Creates the tables if missing (run under an advisory lock: concurrent `CREATE TABLE IF
    /// NOT EXISTS` can fail on PostgreSQL's catalog).
    var schema: [String] {
        [
            "CREATE TABLE IF NOT EXISTS \(counter) (id int PRIMARY KEY, seq bigint NOT NULL)",
            "INSERT INTO \(counter) (id, seq) VALUES (1, 0) ON CONFLICT DO NOTHING",
            """
            CREATE TABLE IF NOT EXISTS \(actions) (seq bigint PRIMARY KEY, origin text NOT NULL UNIQUE, \
            payload bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
            """,
            """
            CREATE TABLE IF NOT EXISTS \(snapshots) (seq bigint PRIMARY KEY, state bytea NOT NULL, \
            created_at timestamptz NOT NULL DEFAULT now())
            """,
            instancesSchema,
            appendSchema,
            flushSchema,
        ]
    }

    /// The actions after `sequence`, in order.
    func actions(after sequence: Int64, limit: Int) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: "SELECT seq, origin, payload FROM \(actions) WHERE seq > $1 ORDER BY seq LIMIT $2")
        query.binds.append(sequence)
        query.binds.append(Int64(limit))
        return query
    }

    /// Where the given origins are in the log (the inserts whose outcome is unknown).
    func find(origins: [String]) -> PostgresQuery {
        var query = PostgresQuery(unsafeSQL: "SELECT seq, origin FROM \(actions) WHERE origin = ANY($1::text[])")
        query.binds.append(origins)
        return query
    }

    /// The latest snapshot's sequence number and size.
    var latestSnapshotSize: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT seq, length(state)::bigint FROM \(snapshots) ORDER BY seq DESC LIMIT 1")
    }

    func snapshot(at sequence: Int64) -> PostgresQuery {
        var query = PostgresQuery(unsafeSQL: "SELECT state FROM \(snapshots) WHERE seq = $1")
        query.binds.append(sequence)
        return query
    }

    func saveSnapshot(sequence: Int64, state: ByteBuffer) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: "INSERT INTO \(snapshots) (seq, state) VALUES ($1, $2) ON CONFLICT (seq) DO NOTHING")
        query.binds.append(sequence)
        query.binds.append(state)
        return query
    }

    /// Keeps the two latest snapshots.
    func pruneSnapshots(before sequence: Int64) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: "DELETE FROM \(snapshots) WHERE seq < (SELECT min(seq) FROM (SELECT seq FROM \(snapshots) WHERE seq <= $1 ORDER BY seq DESC LIMIT 2) AS kept)")
        query.binds.append(sequence)
        return query
    }

    /// The advisory lock key of this journal's schema creation.
    var lockKey: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT pg_advisory_lock(hashtext('reactivetoolkit:\(name)'))")
    }

    var unlockKey: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT pg_advisory_unlock(hashtext('reactivetoolkit:\(name)'))")
    }
}

extension PostgresJournal {
    var sql: JournalSQL { JournalSQL(name: options.name) }

    /// Opens a connection (bounded by the connect timeout) and registers it so that ``close()``
    /// can close it.
    func connect() async throws(PostgresJournalError) -> PostgresConnection {
        guard !isClosed else { throw .closed }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: configuration, id: Int.random(in: 0..<Int.max), logger: logger)
        } catch {
            throw .connection(reason: redactor.reason(for: error))
        }
        let closed = shared.withLockedValue { shared -> Bool in
            if shared.isClosed { return true }
            shared.connections[ObjectIdentifier(connection)] = connection
            shared.ticket &+= 1
            shared.opened[ObjectIdentifier(connection)] = shared.ticket
            return false
        }
        if closed {
            try? await connection.close()
            throw .closed
        }
        return connection
    }

    /// Closes a connection and forgets it.
    func disconnect(_ connection: PostgresConnection) async {
        shared.withLockedValue { shared in
            let id = ObjectIdentifier(connection)
            shared.connections[id] = nil
            shared.opened[id] = nil
            shared.marks[id] = nil
            if shared.writer == id { shared.writer = nil }
        }
        try? await connection.close()
    }

    /// Runs `body` (queries on `connection`) with the query deadline: past it the connection is
    /// closed (which fails the query on the server's side too) and `timedOut` is thrown at once.
    ///
    /// The query and the timer are unstructured tasks raced through one continuation, so the
    /// caller never waits for a query that does not react to cancellation or to the close (a
    /// task group would wait for it): the first to finish resumes the caller.
    func withDeadline<T: Sendable>(
        _ operation: String,
        on connection: PostgresConnection,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws(PostgresJournalError) -> T {
        // A connection the server closed (say, an idle writer's) fails at once, not at the deadline.
        guard !connection.isClosed else { throw .connection(reason: "the connection was closed (\(operation))") }
        let timeout = options.queryTimeout
        let race = Race()
        do {
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled, race.win() else { return }
                    continuation.resume(throwing: PostgresJournalError.timedOut(operation: operation, after: timeout))
                    try? await connection.close()
                }
                Task {
                    let result: Result<T, any Error>
                    do { result = .success(try await body()) } catch { result = .failure(error) }
                    guard race.win() else { return }
                    timer.cancel()
                    continuation.resume(with: result)
                }
            }
        } catch let error as PostgresJournalError {
            throw error
        } catch {
            throw .connection(reason: redactor.reason(for: error))
        }
    }

    func encode<Value: Encodable>(_ value: Value, kind: String, limit: Int) throws(PostgresJournalError) -> ByteBuffer {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw .unencodable(reason: String(describing: error))
        }
        guard data.count <= limit else { throw .tooLarge(kind: kind, bytes: data.count, limit: limit) }
        return ByteBuffer(bytes: data)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The delay before reconnection attempt `attempt` (1, 2, …): doubling, capped.
    func reconnectDelay(attempt: Int) -> Duration {
        var delay = options.reconnectDelay
        for _ in 1..<max(1, min(attempt, 30)) {
            delay *= 2
            if delay >= options.maxReconnectDelay { return options.maxReconnectDelay }
        }
        return min(delay, options.maxReconnectDelay)
    }

    /// Connects; on failure counts the attempt, waits out its backoff and returns nil, so that
    /// the caller's reconnection loop (writer, follower) tries again while the journal is open.
    func connectOrBackOff(attempt: inout Int) async -> PostgresConnection? {
        do throws(PostgresJournalError) {
            return try await connect()
        } catch {
            attempt += 1
            await backOff(attempt: attempt, after: error)
            return nil
        }
    }

    /// Records a lost connection, shows it, and waits before the next attempt.
    func backOff(attempt: Int, after error: PostgresJournalError) async {
        guard !isClosed else { return }
        let delay = reconnectDelay(attempt: attempt)
        recordInfrastructure(error)
        if case .failed = status.value { return }
        status.value = .reconnecting(attempt: attempt, delay: delay, reason: error.description)
        logger.warning("PostgresJournal \(options.name): \(error.description); retrying in \(delay)")
        try? await Task.sleep(for: delay)
    }

    /// Shows the connection as working (unless the journal failed or closed).
    func markConnected() {
        switch status.value {
        case .connected, .failed, .closed: return
        case .connecting, .reconnecting:
            guard !isClosed else { return }
            shared.withLockedValue { $0.infrastructureFailure = nil }
            status.value = .connected
        }
    }

    /// Creates the tables if needed, under an advisory lock.
    func createSchema(on connection: PostgresConnection) async throws(PostgresJournalError) {
        let sql = self.sql
        let logger = self.logger
        try await withDeadline("creating the tables", on: connection) {
            try await connection.query(sql.lockKey, logger: logger)
            do {
                for statement in sql.schema {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            } catch {
                _ = try? await connection.query(sql.unlockKey, logger: logger)
                throw error
            }
            try await connection.query(sql.unlockKey, logger: logger)
        }
    }
}

/// The first of a query and its timer to finish (an atomic flag).
final class Race: Sendable {
    private let done = Atomic<Bool>(false)

    /// True for the first caller only.
    func win() -> Bool {
        done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
