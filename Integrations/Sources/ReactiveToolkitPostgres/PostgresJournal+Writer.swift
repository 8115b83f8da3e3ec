import Logging
import PostgresNIO
import StoreKitLite

extension PostgresJournal {
    /// Appends this instance's actions, in batches, on its own connection, until the journal
    /// closes. Each batch commits asynchronously, then a barrier in the same call makes it durable
    /// before it is placed (Decision 0029); the barrier also confirms the other instances'
    /// actions that a follower connection opened after this one saw. A batch
    /// whose outcome is unknown (the connection broke, the deadline passed, before or during its
    /// barrier) is looked up by origin after reconnecting: what is in the log is placed (after a
    /// barrier), the rest is appended again. So an action is appended once, and never lost once
    /// acknowledged. Ends when the journal stops (``stop(because:)``): nothing more is appended.
    func runWriter() async {
        var wakes = writerWakes.makeAsyncIterator()
        var inDoubt: [(origin: String, payload: ByteBuffer)] = []
        var attempt = 0
        while isRunning {
            let opened = await connectOrBackOff(attempt: &attempt)
            writerTried.finish()
            guard let connection = opened else { continue }
            openedWriter(connection)
            do throws(PostgresJournalError) {
                if !inDoubt.isEmpty {
                    shared.withLockedValue { $0.appending = true }
                    try await resolve(inDoubt, on: connection)
                    inDoubt = []
                    appended()
                }
                attempt = 0
                markConnected()
                while true {
                    guard let (batch, fence) = await nextBatch(&wakes) else { break }
                    inDoubt = batch
                    // Appended and made durable in one call; in doubt until it returns.
                    let rows = try await append(batch, fence: fence, on: connection)
                    inDoubt = []
                    appended()
                    markConnected()
                    placeCommitted(rows)
                    // The senders this placement resumed often send again at once: letting them
                    // run first fills the next batch (8 senders: 7.8 actions per append instead
                    // of about 5), which saves appends and flushes.
                    await Task.yield()
                }
            } catch {
                appended()
                attempt += 1
                await disconnect(connection)
                await backOff(attempt: attempt, after: error)
                continue
            }
            await disconnect(connection)
        }
    }

    /// The writer's connection opened: its barriers vouch for what connections opened after it
    /// see.
    private func openedWriter(_ connection: PostgresConnection) {
        shared.withLockedValue { $0.writer = ObjectIdentifier(connection) }
    }

    /// The next actions to append (at most a batch, all sent under one lease epoch or none),
    /// waiting for some; nil once closed. Marks the writer as appending.
    private func nextBatch(
        _ wakes: inout AsyncStream<Void>.Iterator
    ) async -> (batch: [(origin: String, payload: ByteBuffer)], fence: Int64?)? {
        let size = options.batchSize
        while true {
            let next = shared.withLockedValue { shared -> (batch: [(origin: String, payload: ByteBuffer)], fence: Int64?)?? in
                if shared.isClosed || shared.stopped != nil { return .some(nil) }
                if shared.writes.isEmpty { return nil }
                let fence = shared.writes.first.flatMap { shared.fences[$0.origin] }
                let count = min(size, shared.writes.prefix { shared.fences[$0.origin] == fence }.count)
                defer { shared.writes.removeFirst(count) }
                shared.appending = true
                return .some((Array(shared.writes.prefix(count)), fence))
            }
            if let next { return next }
            guard await wakes.next() != nil else { return nil }
        }
    }

    /// The append call ended (returned or failed). Other instances' actions it did not confirm
    /// (committed after its barrier began) are the follower's to confirm now.
    private func appended() {
        let wake = shared.withLockedValue { shared in
            shared.appending = false
            return shared.sequencer.hasTentative ? shared.followerWake : nil
        }
        wake?.yield()
    }

    /// Appends a batch and makes it durable; returns its places, or none if the lease fenced it
    /// off (its senders are refused then).
    private func append(
        _ batch: [(origin: String, payload: ByteBuffer)], fence: Int64?, on connection: PostgresConnection
    ) async throws(PostgresJournalError) -> [(Int64, String)] {
        let origins = batch.map(\.origin)
        let query = sql.append(origins: origins, payloads: batch.map(\.payload), fence: fence, notice: notice(for: batch))
        let logger = self.logger
        let (appended, epoch, durable) = try await withDeadline("appending \(batch.count) action(s)", on: connection) {
            for try await row in try await connection.query(query, logger: logger).decode((Int64?, Int64?, Int64?).self) {
                return row
            }
            return (nil, nil, nil)
        }
        if let last = appended, let durable, durable >= last {
            recordMark(durable, on: connection)
            let first = last - Int64(batch.count) + 1
            return origins.enumerated().map { (first + Int64($0.offset), $0.element) }
        }
        guard appended == nil, let fence else {
            throw .connection(reason: "appending \(batch.count) action(s) returned no durable place")
        }
        refuseFenced(origins, error: .fenced(epoch: fence, current: epoch ?? fence))
        return []
    }

    /// Looks up a batch whose outcome is unknown: places what is in the log (once a barrier made
    /// it durable), queues the rest again (first, in their order).
    private func resolve(
        _ batch: [(origin: String, payload: ByteBuffer)], on connection: PostgresConnection
    ) async throws(PostgresJournalError) {
        let query = sql.find(origins: batch.map(\.origin))
        let logger = self.logger
        let found = try await withDeadline("looking up \(batch.count) in-doubt action(s)", on: connection) {
            var rows: [(Int64, String)] = []
            for try await row in try await connection.query(query, logger: logger).decode((Int64, String).self) {
                rows.append(row)
            }
            return rows
        }
        // What the lookup found is committed; durable once the barrier after it returned.
        if !found.isEmpty { try await flushLog(on: connection) }
        let committed = Set(found.map(\.1))
        let retry = batch.filter { !committed.contains($0.origin) }
        shared.withLockedValue { $0.writes.insert(contentsOf: retry, at: 0) }
        placeCommitted(found)
        if !retry.isEmpty { writerWake.yield() }
    }

    /// Places committed actions of this instance at their sequence numbers, then applies what
    /// is ready, or asks for a catch-up if places before them are missing.
    func placeCommitted(_ rows: [(Int64, String)]) {
        shared.withLockedValue { shared in
            for (sequence, origin) in rows {
                shared.sequencer.committed(origin: origin, at: sequence)
                shared.fences[origin] = nil
            }
        }
        pump()
        catchUpIfGap()
    }
}
