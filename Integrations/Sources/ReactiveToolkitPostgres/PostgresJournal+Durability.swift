import Logging
import PostgresNIO

/// The journal's server-side procedure and function (Decision 0029): created with the tables, so
/// their statements' plans are cached per connection instead of planned at every call.
extension JournalSQL {
    var appendFunction: String { "\(name)_append_v1" }
    var flushFunction: String { "\(name)_flush_v1" }

    /// `append(n, origins, payloads, fence, notice, …)`, a procedure: in a first transaction,
    /// takes the next `n` places under the counter row, inserts the batch there, notifies
    /// `"<last> <n><notice>"`, and commits **asynchronously** (`synchronous_commit` off for that
    /// transaction alone), so the counter row is released without waiting for the disk. Then, in
    /// a second transaction, it runs the barrier (``flushSchema``'s body), committed with the
    /// session's own `synchronous_commit`: the call returns once the batch, and every action
    /// before it, is durable. One round trip. With a `fence` (a lease epoch) it first reads the
    /// lease row `FOR SHARE` and appends nothing unless the epoch is still `fence` (Decision
    /// 0027). Returns `(appended, lease_epoch, durable)`: the batch's last place and the barrier's
    /// place, or `(NULL, current epoch, NULL)` when fenced off.
    var appendSchema: String {
        """
        CREATE OR REPLACE PROCEDURE \(appendFunction)(n bigint, origins text[], payloads bytea[], fence bigint, \
        notice text, INOUT appended bigint, INOUT lease_epoch bigint, INOUT durable bigint)
        LANGUAGE plpgsql AS $fn$
        BEGIN
          IF fence IS NOT NULL THEN
            SELECT l.epoch INTO lease_epoch FROM \(name)_lease AS l WHERE l.id = 1 FOR SHARE;
            IF lease_epoch IS DISTINCT FROM fence THEN
              RETURN;
            END IF;
          END IF;
          PERFORM set_config('synchronous_commit', 'off', true);
          UPDATE \(counter) AS c SET seq = c.seq + n WHERE c.id = 1 RETURNING c.seq INTO appended;
          INSERT INTO \(actions) (seq, origin, payload)
            SELECT appended - n + u.ord, u.origin, u.payload
            FROM unnest(origins, payloads) WITH ORDINALITY AS u(origin, payload, ord);
          PERFORM pg_notify('\(name)', appended::text || ' ' || n::text || notice);
          COMMIT;
          SELECT c.seq INTO durable FROM \(counter) AS c WHERE c.id = 1;
          PERFORM pg_logical_emit_message(true, 'reactivetoolkit', '');
        END
        $fn$
        """
    }

    /// `flush()`: the durability barrier. One small transaction that writes a WAL record (a
    /// transactional logical message, which touches no table) and commits with the session's own
    /// `synchronous_commit`, so it returns only once the WAL up to its commit is flushed (and
    /// replicated, if the server is set so). It returns the counter as its snapshot saw it: every
    /// action up to there committed before the barrier began, so its commit record is earlier in
    /// the WAL, and durable once the barrier returns.
    var flushSchema: String {
        """
        CREATE OR REPLACE FUNCTION \(flushFunction)() RETURNS bigint LANGUAGE plpgsql AS $fn$
        DECLARE
          committed bigint;
        BEGIN
          SELECT c.seq INTO committed FROM \(counter) AS c WHERE c.id = 1;
          PERFORM pg_logical_emit_message(true, 'reactivetoolkit', '');
          RETURN committed;
        END
        $fn$
        """
    }

    /// Appends a batch and makes it durable (see ``appendSchema``).
    func append(origins: [String], payloads: [ByteBuffer], fence: Int64?, notice: String) -> PostgresQuery {
        var query = PostgresQuery(unsafeSQL: "CALL \(appendFunction)($1, $2, $3, $4, $5, NULL, NULL, NULL)")
        query.binds.append(Int64(origins.count))
        query.binds.append(origins)
        query.binds.append(payloads)
        query.binds.append(fence)
        query.binds.append(notice)
        return query
    }

    /// The barrier (see ``flushSchema``).
    var flush: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT \(flushFunction)()")
    }

    /// The actions after `sequence` up to `last`, in order.
    func actions(after sequence: Int64, through last: Int64, limit: Int) -> PostgresQuery {
        var query = PostgresQuery(
            unsafeSQL: "SELECT seq, origin, payload FROM \(actions) WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3")
        query.binds.append(sequence)
        query.binds.append(last)
        query.binds.append(Int64(limit))
        return query
    }
}

extension PostgresJournal {
    /// Runs the durability barrier (``JournalSQL/flushSchema``) on `connection` and returns the
    /// place up to which the log is durable now; records it as the connection's mark and
    /// confirms the tentative actions it can vouch for.
    ///
    /// Appends commit asynchronously (Decision 0029): a committed action may still be lost if the
    /// server crashes before its WAL reaches the disk, and another action would then take its
    /// place. So no action is acknowledged to its sender, or applied by any instance, before a
    /// barrier returned a place at or after it, on a connection that was open all along since
    /// before the action was seen: its own connection's, or one opened before it (a crash in
    /// between breaks that connection, and the barrier fails). Connections are ordered by the
    /// ticket of their opening: a mark of connection `c` vouches for what a connection opened at
    /// or after `c` saw.
    @discardableResult
    func flushLog(on connection: PostgresConnection) async throws(PostgresJournalError) -> Int64 {
        let query = sql.flush
        let logger = self.logger
        let flushed = try await withDeadline("making the log durable", on: connection) {
            for try await sequence in try await connection.query(query, logger: logger).decode(Int64?.self) {
                return sequence ?? 0
            }
            return Int64(0)
        }
        recordMark(flushed, on: connection)
        return flushed
    }

    /// Records that a barrier on `connection` returned `flushed`, and confirms the tentative
    /// actions it vouches for.
    func recordMark(_ flushed: Int64, on connection: PostgresConnection) {
        let id = ObjectIdentifier(connection)
        let released = shared.withLockedValue { shared -> [Action] in
            guard let opened = shared.opened[id] else { return [] }  // closed meanwhile
            shared.marks[id] = max(shared.marks[id] ?? 0, flushed)
            return shared.sequencer.confirm(through: flushed, after: opened)
        }
        withExtendedLifetime(released) {}  // released outside the lock: an action's deinit is user code
    }

    /// The ticket of `connection`'s opening (0 if it is closed).
    func openingTicket(of connection: PostgresConnection) -> UInt64 {
        shared.withLockedValue { $0.opened[ObjectIdentifier(connection)] ?? 0 }
    }
}

extension PostgresJournal.Shared {
    /// The place up to which the log is durable for what a connection opened at `ticket` saw:
    /// the highest mark of the open connections opened at or before it.
    func durable(seenAt ticket: UInt64) -> Int64 {
        var durable: Int64 = 0
        for (id, mark) in marks where (opened[id] ?? .max) <= ticket { durable = max(durable, mark) }
        return durable
    }

    /// Whether the writer's barriers can confirm what a connection opened at `ticket` saw.
    func writerVouches(forTicket ticket: UInt64) -> Bool {
        guard let writer, let opened = opened[writer] else { return false }
        return opened <= ticket
    }
}
