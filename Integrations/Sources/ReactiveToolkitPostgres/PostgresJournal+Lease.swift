import Foundation
import Logging
import PostgresNIO
import StoreKitLite

/// The SQL of a journal's effects lease: the row `<name>_lease` (id 1), in the server's clock.
struct LeaseSQL {
    let name: String
    var lease: String { "\(name)_lease" }

    var schema: [String] {
        [
            """
            CREATE TABLE IF NOT EXISTS \(lease) (id int PRIMARY KEY, holder text NOT NULL, \
            epoch bigint NOT NULL, expires_at timestamptz NOT NULL)
            """,
            "INSERT INTO \(lease) (id, holder, epoch, expires_at) VALUES (1, '', 0, '-infinity') ON CONFLICT DO NOTHING",
        ]
    }

    /// Renews the lease `holder` holds at `epoch`, or wins it once it expired (the next epoch).
    /// Returns the epoch held, or no row (another instance holds it).
    func acquire(holder: String, epoch: Int64, milliseconds: Int64) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: """
                UPDATE \(lease) SET
                  epoch = CASE WHEN holder = $1 AND epoch = $2 THEN epoch ELSE epoch + 1 END,
                  holder = $1, expires_at = clock_timestamp() + $3 * interval '1 millisecond'
                WHERE id = 1 AND ((holder = $1 AND epoch = $2 AND expires_at > clock_timestamp())
                  OR expires_at <= clock_timestamp())
                RETURNING epoch
                """)
        query.binds.append(holder)
        query.binds.append(epoch)
        query.binds.append(milliseconds)
        return query
    }

    /// Gives the lease up at once (a graceful shutdown), so that another instance wins it at
    /// its next attempt.
    func release(holder: String, epoch: Int64) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: "UPDATE \(lease) SET expires_at = '-infinity' WHERE id = 1 AND holder = $1 AND epoch = $2")
        query.binds.append(holder)
        query.binds.append(epoch)
        return query
    }
}

extension PostgresJournal {
    var leaseSQL: LeaseSQL { LeaseSQL(name: options.name) }

    /// Holds the effects lease until the journal closes: renews it, or tries to win it, every
    /// renew interval; gives it up (stopping the effects) once a renewal is refused or the
    /// lease's duration passed since the last renewal began without one succeeding.
    func runLease(_ lease: PostgresEffectsLease) async {
        let clock = ContinuousClock()
        let interval = lease.options.renewInterval
        var validUntil: ContinuousClock.Instant?
        var connection: PostgresConnection?
        var schemaReady = false
        while !isClosed, !lease.isClosing {
            let started = clock.now
            do throws(PostgresJournalError) {
                let live: PostgresConnection
                if let connection { live = connection } else { live = try await connect() }
                connection = live
                if !schemaReady {
                    try await createLeaseSchema(on: live)
                    schemaReady = true
                }
                let held = lease.epoch
                if let epoch = try await acquire(lease, holding: held ?? -1, on: live) {
                    validUntil = started + lease.options.duration
                    if held != epoch {
                        if held != nil { lease.lost() }
                        logger.info("PostgresJournal \(options.name): won the effects lease at epoch \(epoch)")
                        lease.won(epoch: epoch)
                    }
                } else if held != nil {
                    logger.notice("PostgresJournal \(options.name): lost the effects lease (epoch \(held ?? 0))")
                    validUntil = nil
                    lease.lost()
                }
            } catch {
                if let broken = connection { await disconnect(broken) }
                connection = nil
                if lease.isLeader, let until = validUntil, clock.now >= until {
                    logger.notice("PostgresJournal \(options.name): gave the effects lease up: \(error.description)")
                    validUntil = nil
                    lease.lost()
                }
            }
            var next = started + interval
            if lease.isLeader, let until = validUntil { next = min(next, until) }
            try? await Task.sleep(until: next, clock: clock)
            if lease.isLeader, let until = validUntil, clock.now >= until, connection == nil {
                validUntil = nil
                lease.lost()
            }
        }
        lease.lost()
        if let connection { await disconnect(connection) }
    }

    /// Gives the lease up (at a graceful close), best effort, on a connection of its own.
    func releaseLease() async {
        guard let lease, let epoch = lease.close() else { return }
        guard let connection = try? await connect() else { return }
        let query = leaseSQL.release(holder: lease.holder, epoch: epoch)
        let logger = self.logger
        _ = try? await withDeadline("releasing the effects lease", on: connection) {
            _ = try await connection.query(query, logger: logger)
        }
        await disconnect(connection)
    }

    private func acquire(
        _ lease: PostgresEffectsLease, holding epoch: Int64, on connection: PostgresConnection
    ) async throws(PostgresJournalError) -> Int64? {
        let milliseconds = Self.nanoseconds(lease.options.duration) / 1_000_000
        let query = leaseSQL.acquire(holder: lease.holder, epoch: epoch, milliseconds: milliseconds)
        let logger = self.logger
        return try await withDeadline("renewing the effects lease", on: connection) {
            for try await epoch in try await connection.query(query, logger: logger).decode(Int64.self) {
                return epoch
            }
            return nil
        }
    }

    private func createLeaseSchema(on connection: PostgresConnection) async throws(PostgresJournalError) {
        let sql = self.sql
        let statements = leaseSQL.schema
        let logger = self.logger
        try await withDeadline("creating the lease table", on: connection) {
            try await connection.query(sql.lockKey, logger: logger)
            do {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
            } catch {
                _ = try? await connection.query(sql.unlockKey, logger: logger)
                throw error
            }
            try await connection.query(sql.unlockKey, logger: logger)
        }
    }

    /// Fails and drops the held actions the log refused for their stale epoch.
    func refuseFenced(_ origins: [String], error: PostgresJournalError) {
        let failure = PostgresJournalFailure(error: error, date: Date())
        let refused = shared.withLockedValue { shared in
            shared.lastError = error
            shared.lastRefusal = failure
            return origins.compactMap { origin -> HeldAction<State, Action>? in
                shared.fences[origin] = nil
                return shared.sequencer.refused(origin: origin)
            }
        }
        logger.notice("PostgresJournal \(options.name): refused \(origins.count) action(s): \(error.description)")
        for held in refused {
            held.failSender(.rejected("journal: \(error.description)"))
            held.drop()
        }
    }
}
