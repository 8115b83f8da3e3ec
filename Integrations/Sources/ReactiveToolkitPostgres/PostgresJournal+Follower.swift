import Foundation
import Logging
import PostgresNIO
import StoreKitLite

extension PostgresJournal {
    /// Follows the log until the journal closes: LISTENs on the journal's channel and reads the
    /// log after the last known action on every notification, every poll interval, and when a
    /// gap appears; reconnects with backoff when the connection breaks.
    func runFollower() async {
        var attempt = 0
        while !isClosed {
            guard let connection = await connectOrBackOff(attempt: &attempt) else { continue }
            do {
                try await connection.listen(on: options.name) { notifications in
                    markConnected()
                    attempt = 0
                    try await follow(notifications, on: connection)
                }
            } catch {
                if isClosed { break }
                attempt += 1
                await disconnect(connection)
                let reason = (error as? PostgresJournalError) ?? .connection(reason: redactor.reason(for: error))
                if case .undecodableAction = reason { return }
                await backOff(attempt: attempt, after: reason)
                continue
            }
            await disconnect(connection)
        }
    }

    /// Reads the log whenever woken, until the connection fails (which throws).
    private func follow(
        _ notifications: PostgresNotificationSequence, on connection: PostgresConnection
    ) async throws {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        shared.withLockedValue { $0.followerWake = wake }
        defer { shared.withLockedValue { $0.followerWake = nil } }
        wake.yield()  // read what was appended while this instance was away
        let poll = options.pollInterval
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                for try await notification in notifications {
                    if let sequence = Int64(notification.payload) {
                        shared.withLockedValue { $0.sequencer.known(sequence) }
                    }
                    wake.yield()
                }
                throw PostgresJournalError.connection(reason: "the notification stream ended")
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: poll)
                    wake.yield()
                }
            }
            group.addTask { [self] in
                for await _ in wakes {
                    try await catchUp(on: connection)
                }
                throw PostgresJournalError.closed
            }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    /// Reads and places every action after the frontier, in batches, then applies what is ready.
    func catchUp(on connection: PostgresConnection) async throws(PostgresJournalError) {
        let limit = options.batchSize
        let logger = self.logger
        while !isClosed {
            let after = shared.withLockedValue { $0.sequencer.frontier }
            let query = sql.actions(after: after, limit: limit)
            let rows = try await withDeadline("reading the log after \(after)", on: connection) {
                var rows: [(Int64, String, ByteBuffer)] = []
                for try await row in try await connection.query(query, logger: logger)
                    .decode((Int64, String, ByteBuffer).self)
                {
                    rows.append(row)
                }
                return rows
            }
            try place(rows)
            pump()
            if rows.count < limit { return }
        }
    }

    /// Places rows read from the log: this instance's uncommitted actions by origin, the others
    /// decoded. An undecodable action stops the journal (`failed`): skipping it would diverge.
    private func place(_ rows: [(Int64, String, ByteBuffer)]) throws(PostgresJournalError) {
        let decoder = JSONDecoder()
        var decoded: [(Int64, String, Action?)] = []
        decoded.reserveCapacity(rows.count)
        let uncommitted = shared.withLockedValue { shared in
            Set(rows.map(\.1).filter { shared.sequencer.isUncommitted($0) })
        }
        for (sequence, origin, payload) in rows {
            if uncommitted.contains(origin) {
                decoded.append((sequence, origin, nil))
                continue
            }
            do {
                decoded.append((sequence, origin, try decoder.decode(Action.self, from: Data(payload.readableBytesView))))
            } catch {
                let failure = PostgresJournalError.undecodableAction(sequence: sequence, reason: String(describing: error))
                recordInfrastructure(failure)
                status.value = .failed(failure)
                logger.error("PostgresJournal \(options.name): \(failure.description)")
                throw failure
            }
        }
        let unused = shared.withLockedValue { shared -> [Action] in
            var unused: [Action] = []
            for (sequence, origin, action) in decoded {
                if let action {
                    if shared.sequencer.has(sequence) { unused.append(action) } else { shared.sequencer.received(action, at: sequence) }
                } else if !shared.sequencer.committed(origin: origin, at: sequence) {
                    shared.sequencer.known(sequence)
                }
            }
            return unused
        }
        withExtendedLifetime(unused) {}  // released outside the lock: an action's deinit is user code
    }
}
