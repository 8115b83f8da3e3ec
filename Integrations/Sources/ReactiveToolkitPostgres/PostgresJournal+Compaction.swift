import Logging
import PostgresNIO

extension PostgresJournal {
    /// How often a following instance records its position: every poll interval, and at least
    /// four times per ``PostgresJournalOptions/instanceExpiry``.
    var heartbeatInterval: Duration {
        min(options.pollInterval, options.instanceExpiry / 4)
    }

    /// Records this instance's position in `<name>_instances` if the last record is older than
    /// ``heartbeatInterval`` (only with ``PostgresJournalOptions/retainedActions``), under the
    /// query deadline. `position` defaults to ``appliedSequence``.
    func heartbeatIfDue(on connection: PostgresConnection, position: Int64? = nil) async throws(PostgresJournalError) {
        guard options.retainedActions != nil else { return }
        let now = ContinuousClock.now
        let interval = heartbeatInterval
        let applied = shared.withLockedValue { shared -> Int64? in
            if let last = shared.heartbeatAt, now - last < interval { return nil }
            return position ?? shared.position
        }
        guard let applied else { return }
        let query = sql.heartbeat(instance: instanceID, applied: applied)
        let logger = self.logger
        try await withDeadline("recording this instance's position \(applied)", on: connection) {
            _ = try await connection.query(query, logger: logger)
        }
        shared.withLockedValue { $0.heartbeatAt = now }
    }

    /// Deletes the actions no instance needs any more (``PostgresJournalOptions/retainedActions``),
    /// after this instance wrote the snapshot at `position`, under the query deadline.
    func compact(after position: Int64, on connection: PostgresConnection) async throws(PostgresJournalError) {
        guard let retained = options.retainedActions else { return }
        let query = sql.compact(
            instance: instanceID, applied: position, expiry: options.instanceExpiry, retained: Int64(retained))
        let logger = self.logger
        try await withDeadline("compacting the log below the snapshot at \(position)", on: connection) {
            _ = try await connection.query(query, logger: logger)
        }
    }
}

extension JournalSQL {
    var instances: String { "\(name)_instances" }

    /// The live instances' positions, for compaction.
    var instancesSchema: String {
        """
        CREATE TABLE IF NOT EXISTS \(instances) (id text PRIMARY KEY, applied bigint NOT NULL, \
        seen_at timestamptz NOT NULL DEFAULT now())
        """
    }

    /// Records (or refreshes) an instance's position.
    func heartbeat(instance: String, applied: Int64) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(instances) (id, applied, seen_at) VALUES ($1, $2, now())
                ON CONFLICT (id) DO UPDATE SET applied = excluded.applied, seen_at = now()
                """)
        query.binds.append(instance)
        query.binds.append(applied)
        return query
    }

    /// In one statement: records the compacting instance's position, forgets the expired
    /// instances, and deletes the actions before `min(latest snapshot, live positions) - retained`.
    /// (A data-modifying CTE's subqueries see the table before it, hence `me` apart.)
    func compact(instance: String, applied: Int64, expiry: Duration, retained: Int64) -> PostgresQuery {
        let seconds = Double(expiry.components.seconds) + Double(expiry.components.attoseconds) / 1e18
        var query = PostgresQuery(
            unsafeSQL: """
                WITH me AS (
                  INSERT INTO \(instances) (id, applied, seen_at) VALUES ($1, $2, now())
                  ON CONFLICT (id) DO UPDATE SET applied = excluded.applied, seen_at = now()
                  RETURNING applied),
                gone AS (DELETE FROM \(instances) WHERE id <> $1 AND seen_at <= now() - $3::float8 * interval '1 second'),
                cut AS (SELECT least(
                  (SELECT coalesce(max(seq), 0) FROM \(snapshots)),
                  (SELECT min(applied) FROM \(instances) WHERE id <> $1 AND seen_at > now() - $3::float8 * interval '1 second'),
                  (SELECT applied FROM me)) - $4 AS seq)
                DELETE FROM \(actions) WHERE seq < (SELECT seq FROM cut)
                """)
        query.binds.append(instance)
        query.binds.append(applied)
        query.binds.append(seconds)
        query.binds.append(retained)
        return query
    }
}
