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
        while isRunning {
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
                if !isRunning { return }  // stopped (``stop(because:)``): no retry
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
        while isRunning {
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
            let halt = compactedAway(after: after, first: rows.first?.0) ?? place(rows)
            pump()
            if let halt {
                stop(because: halt)
                throw halt
            }
            try await heartbeatIfDue(on: connection)
            if rows.count < limit { return }
        }
    }

    /// The stop if the log's first action after `after` is not the next place: the places
    /// between were deleted by compaction while this instance was away (the sequence is dense).
    private func compactedAway(after: Int64, first: Int64?) -> PostgresJournalError? {
        guard let first, first > after &+ 1 else { return nil }
        return .behindCompaction(applied: after, oldestRetained: first)
    }

    /// Places rows read from the log: this instance's uncommitted actions by origin, skip
    /// markers as no action, the others decoded. Returns the error of the first undecodable
    /// action (the rows before it are placed): the journal stops there, skipping it would diverge.
    private func place(_ rows: [(Int64, String, ByteBuffer)]) -> PostgresJournalError? {
        let decoder = JSONDecoder()
        var decoded: [(Int64, String, Action?)] = []
        var poison: PostgresJournalError?
        var skipped: [Int64] = []
        decoded.reserveCapacity(rows.count)
        let uncommitted = shared.withLockedValue { shared in
            Set(rows.map(\.1).filter { shared.sequencer.isUncommitted($0) })
        }
        for (sequence, origin, payload) in rows {
            if uncommitted.contains(origin) {
                decoded.append((sequence, origin, nil))
                continue
            }
            if payload.readableBytes == Self.skipMarkerLength {
                skipped.append(sequence)
                continue
            }
            do {
                decoded.append((sequence, origin, try decoder.decode(Action.self, from: Data(payload.readableBytesView))))
            } catch {
                poison = .undecodableAction(sequence: sequence, reason: String(describing: error))
                break
            }
        }
        let unused = shared.withLockedValue { shared -> [Action] in
            for sequence in skipped { shared.sequencer.skipped(at: sequence) }
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
        return poison
    }
}
