import Foundation
import Logging
import PostgresNIO
import StoreKitLite

extension PostgresJournal {
    /// Follows the log until the journal closes: LISTENs on the journal's channel, keeps the
    /// actions other instances' notifications carry as tentative until a barrier confirms them
    /// (Decision 0029), and reads the log after the last known action when a notification carries
    /// none, every poll interval, and when a gap appears; reconnects with backoff when the
    /// connection breaks.
    func runFollower() async {
        var attempt = 0
        for await _ in writerTries {}  // the writer's connection first
        while isRunning {
            guard let connection = await connectOrBackOff(attempt: &attempt) else { continue }
            let since = openingTicket(of: connection)
            do {
                try await connection.listen(on: options.name) { notifications in
                    markConnected()
                    attempt = 0
                    try await follow(notifications, on: connection, since: since)
                }
            } catch {
                dropTentative()
                if error is Recycle {
                    await disconnect(connection)
                    continue
                }
                if isClosed { break }
                attempt += 1
                await disconnect(connection)
                let reason = (error as? PostgresJournalError) ?? .connection(reason: redactor.reason(for: error))
                if !isRunning { return }  // stopped (``stop(because:)``): no retry
                await backOff(attempt: attempt, after: reason)
                continue
            }
            dropTentative()
            await disconnect(connection)
        }
    }

    /// Ends a follower connection opened before the writer's current one (the writer reconnected
    /// alone, or failed its first attempt): the writer's barriers cannot vouch for what it sees,
    /// so each batch would need a barrier of the follower's own. It reconnects at once.
    struct Recycle: Error {}

    /// Forgets the tentative actions: this connection can no longer confirm them.
    private func dropTentative() {
        let dropped = shared.withLockedValue { $0.sequencer.dropTentative() }
        withExtendedLifetime(dropped) {}  // released outside the lock
    }

    /// Reads the log whenever woken, until the connection fails (which throws).
    private func follow(
        _ notifications: PostgresNotificationSequence, on connection: PostgresConnection, since: UInt64
    ) async throws {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        shared.withLockedValue { $0.followerWake = wake }
        defer { shared.withLockedValue { $0.followerWake = nil } }
        requestRead(wake)  // read what was appended while this instance was away
        let poll = options.pollInterval
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                for try await notification in notifications {
                    if shared.withLockedValue({ $0.writer != nil && !$0.writerVouches(forTicket: since) }) { throw Recycle() }
                    switch accept(notification.payload, seenAt: since) {
                    case .taken: break
                    case .check: wake.yield()
                    case .read: requestRead(wake)
                    }
                }
                throw PostgresJournalError.connection(reason: "the notification stream ended")
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: poll)
                    self.requestRead(wake)
                }
            }
            group.addTask { [self] in
                for await _ in wakes {
                    try await catchUp(on: connection, since: since)
                }
                throw PostgresJournalError.closed
            }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    /// Asks the follower to read the log after the frontier (not only to fill a gap).
    private func requestRead(_ wake: AsyncStream<Void>.Continuation) {
        shared.withLockedValue { $0.readRequested = true }
        wake.yield()
    }

    /// Reads and places the actions after the frontier, in batches, then applies what is ready:
    /// every one if a read was requested, else only the missing places before the next known
    /// one (a gap). Notifications already received are taken in first: they often fill the gap.
    func catchUp(on connection: PostgresConnection, since: UInt64) async throws(PostgresJournalError) {
        let limit = options.batchSize
        let logger = self.logger
        await Task.yield()
        var requested = shared.withLockedValue { shared in
            defer { shared.readRequested = false }
            return shared.readRequested
        }
        while isRunning {
            let (after, next, gap) = shared.withLockedValue { shared in
                let frontier = shared.sequencer.frontier
                return (frontier, shared.sequencer.firstKnown(after: frontier), shared.sequencer.hasGap)
            }
            guard requested || gap else { break }
            // A gap is read up to the next known place; a requested read reads on.
            let bound = requested ? nil : next
            let query = bound.map { sql.actions(after: after, through: $0 - 1, limit: limit) } ?? sql.actions(after: after, limit: limit)
            let rows = try await withDeadline("reading the log after \(after)", on: connection) {
                var rows: [(Int64, String, ByteBuffer)] = []
                for try await row in try await connection.query(query, logger: logger)
                    .decode((Int64, String, ByteBuffer).self)
                {
                    rows.append(row)
                }
                return rows
            }
            // Committed rows may not be durable yet (inserts commit asynchronously): applied only
            // once a barrier after this read returned, on this connection.
            if let last = rows.last?.0, last > shared.withLockedValue({ $0.durable(seenAt: since) }) {
                try await flushLog(on: connection)
            }
            let halt = compactedAway(after: after, first: rows.first?.0) ?? place(rows)
            pump()
            if let halt {
                stop(because: halt)
                throw halt
            }
            try await heartbeatIfDue(on: connection)
            if rows.count == limit { continue }
            requested = false
            if bound == nil || rows.isEmpty { break }  // else the gap is filled: look for another
        }
        // Tentative actions wait for the writer's append in flight (it wakes this task when it
        // returns); without one (or if it cannot vouch), for a barrier here.
        if shared.withLockedValue({ $0.sequencer.hasTentative && !($0.appending && $0.writerVouches(forTicket: since)) }) {
            try await flushLog(on: connection)
            pump()
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
                    if shared.sequencer.has(sequence) {
                        unused.append(action)
                    } else if let replaced = shared.sequencer.received(action, at: sequence) {
                        unused.append(replaced)
                    }
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
