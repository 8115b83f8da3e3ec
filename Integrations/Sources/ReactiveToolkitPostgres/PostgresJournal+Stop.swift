import Foundation
public import Logging
public import PostgresNIO
import StoreKitLite
import StreamCore

extension PostgresJournal {
    /// Stops the journal for good (short of ``close()``): it cannot apply the log past a place
    /// (an undecodable action, a compacted log). Every sender waiting for its commit or its
    /// place fails with `StoreError.refusing(error)`, the writer appends nothing more, later
    /// sends fail at once, and ``infrastructureFailure`` and ``connectionStatus`` show it.
    /// Idempotent: the first reason wins.
    func stop(because error: PostgresJournalError) {
        let released = shared.withLockedValue { shared -> (waiting: [LogSequencer<Action, HeldAction<State, Action>>.Entry], uncommitted: [HeldAction<State, Action>])? in
            guard !shared.isClosed, shared.stopped == nil else { return nil }
            shared.stopped = error
            shared.writes = []
            shared.fences = [:]
            shared.deadlines = []
            return shared.sequencer.removeAll()
        }
        guard let released else { return }
        recordInfrastructure(error)
        status.value = .failed(error)
        logger.error("PostgresJournal \(options.name): \(error.description); stopped, sends fail until a restart")
        // Their actions may be in the log (after the stop's place): another instance applies them
        // once the cause is fixed, this one after a restart. Here they are not run.
        for entry in released.waiting { if case .local(let held) = entry { held.failSender(.refusing(error)) } }
        for held in released.uncommitted { held.failSender(.refusing(error)) }
        writerWake.yield()  // the writer sees the stop and ends
        withExtendedLifetime(released) {}  // held actions are dropped here, outside the lock
    }

    /// Counts a skipped place of the log at once if every action before it was reduced, else
    /// right after the last of them (``counted(_:)``), so ``appliedSequence`` stays exact.
    func skip(_ sequence: Int64) {
        shared.withLockedValue { shared in
            if shared.position == sequence &- 1 {
                shared.position = sequence
            } else {
                shared.skips.append(sequence)
            }
        }
    }

    /// The payload that marks a place of the log with no action: empty, which no JSON
    /// encoding of an action is.
    static var skipMarkerLength: Int { 0 }

    /// Replaces the action at `sequence` in the log of the journal `name` by a marker that every
    /// instance treats as "no action", after checking that this build cannot decode it.
    ///
    /// Use it when an action in the log cannot be decoded
    /// (``PostgresJournalError/undecodableAction(sequence:reason:)``: running instances stopped,
    /// new ones fail to open). The row stays, with an empty payload, so the sequence stays dense
    /// and no instance sees a gap; restart the stopped instances afterwards (they load the
    /// latest snapshot and apply the log after it, the marker as nothing). The action is lost:
    /// its effect on the state is never applied anywhere.
    ///
    /// ```swift
    /// try await PostgresJournal<Orders, OrderAction>.skipUndecodableAction(
    ///     at: 4_812, configuration: postgres, name: "orders")
    /// ```
    ///
    /// The same by hand, in `psql` (what this method runs, without the check):
    ///
    /// ```sql
    /// UPDATE orders_actions SET payload = ''::bytea WHERE seq = 4812;
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The place of the undecodable action (the error's `sequence`).
    ///   - configuration: How to reach the server.
    ///   - name: The journal's ``PostgresJournalOptions/name``.
    ///   - timeout: The deadline of the connection and of the queries (default 10 s).
    ///   - logger: Where postgres-nio logs.
    /// - Throws: ``PostgresJournalError/invalidName(_:)``; ``PostgresJournalError/timedOut(operation:after:)``;
    ///   ``PostgresJournalError/connection(reason:)``
    ///   if the server cannot be reached, there is no row at `sequence`, or its action decodes
    ///   (nothing is changed then).
    public static func skipUndecodableAction(
        at sequence: Int64,
        configuration: PostgresConnection.Configuration,
        name: String,
        timeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "ReactiveToolkitPostgres")
    ) async throws(PostgresJournalError) {
        var configuration = configuration
        configuration.options.connectTimeout = .nanoseconds(nanoseconds(timeout))
        let options = PostgresJournalOptions(name: name)
        guard options.hasValidName else { throw .invalidName(name) }
        let sql = JournalSQL(name: name)
        let redactor = ReasonRedactor(configuration: configuration)
        do {
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: Int.random(in: 0..<Int.max), logger: logger)
            do {
                // Past the deadline the connection is closed, which fails the query at once.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await skip(at: sequence, sql: sql, on: connection, logger: logger) }
                    group.addTask {
                        try await Task.sleep(for: timeout)
                        try? await connection.close()
                        throw PostgresJournalError.timedOut(operation: "skipping the action at \(sequence)", after: timeout)
                    }
                    defer { group.cancelAll() }
                    _ = try await group.next()
                }
                try? await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch let error as PostgresJournalError {
            throw error
        } catch {
            throw .connection(reason: redactor.reason(for: error))
        }
    }
}

extension PostgresJournal {
    private static func skip(
        at sequence: Int64, sql: JournalSQL, on connection: PostgresConnection, logger: Logger
    ) async throws {
        var payload: ByteBuffer?
        for try await row in try await connection.query(sql.payload(at: sequence), logger: logger).decode(ByteBuffer.self) {
            payload = row
        }
        guard let payload else { throw PostgresJournalError.connection(reason: "no action at \(sequence) in \(sql.actions)") }
        if payload.readableBytes == skipMarkerLength { return }  // skipped already
        if (try? JSONDecoder().decode(Action.self, from: Data(payload.readableBytesView))) != nil {
            throw PostgresJournalError.connection(reason: "the action at \(sequence) decodes: not skipped")
        }
        try await connection.query(sql.skip(at: sequence), logger: logger)
    }
}

extension JournalSQL {
    /// The payload of the action at `sequence`.
    func payload(at sequence: Int64) -> PostgresQuery {
        var query = PostgresQuery(unsafeSQL: "SELECT payload FROM \(actions) WHERE seq = $1")
        query.binds.append(sequence)
        return query
    }

    /// Replaces the action at `sequence` by the skip marker (an empty payload).
    func skip(at sequence: Int64) -> PostgresQuery {
        var query = PostgresQuery(unsafeSQL: "UPDATE \(actions) SET payload = ''::bytea WHERE seq = $1")
        query.binds.append(sequence)
        return query
    }
}
