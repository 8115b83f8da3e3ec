import Logging
import PostgresNIO
import StoreKitLite

extension PostgresJournal {
    /// Inserts this instance's actions, in batches, on its own connection, until the journal
    /// closes. A batch whose outcome is unknown (the connection broke, the deadline passed) is
    /// looked up by origin after reconnecting: what is in the log is placed, the rest is
    /// inserted again. So an action is appended once, and never lost once acknowledged. Ends
    /// when the journal stops (``stop(because:)``): nothing more is appended.
    func runWriter() async {
        var wakes = writerWakes.makeAsyncIterator()
        var inDoubt: [(origin: String, payload: ByteBuffer)] = []
        var attempt = 0
        while isRunning {
            guard let connection = await connectOrBackOff(attempt: &attempt) else { continue }
            do throws(PostgresJournalError) {
                if !inDoubt.isEmpty {
                    try await resolve(inDoubt, on: connection)
                    inDoubt = []
                }
                attempt = 0
                markConnected()
                while true {
                    guard let next = await nextWrites(&wakes) else { break }
                    let (batch, fence) = next
                    inDoubt = batch
                    let rows: [(Int64, String)]
                    if let fence {
                        rows = try await insertFenced(batch, epoch: fence, on: connection)
                    } else {
                        rows = try await insert(batch, on: connection)
                    }
                    inDoubt = []
                    markConnected()
                    placeCommitted(rows)
                }
            } catch {
                attempt += 1
                await disconnect(connection)
                await backOff(attempt: attempt, after: error)
                continue
            }
            await disconnect(connection)
        }
    }

    /// The next actions to insert (at most a batch, all sent under one lease epoch or none),
    /// waiting for some; nil once closed.
    private func nextWrites(
        _ wakes: inout AsyncStream<Void>.Iterator
    ) async -> (batch: [(origin: String, payload: ByteBuffer)], fence: Int64?)? {
        let size = options.batchSize
        while true {
            let next = shared.withLockedValue { shared -> (batch: [(origin: String, payload: ByteBuffer)], fence: Int64?)? in
                if shared.isClosed || shared.stopped != nil { return nil }
                let fence = shared.writes.first.flatMap { shared.fences[$0.origin] }
                let count = min(size, shared.writes.prefix { shared.fences[$0.origin] == fence }.count)
                defer { shared.writes.removeFirst(count) }
                return (Array(shared.writes.prefix(count)), fence)
            }
            guard let next else { return nil }
            if !next.batch.isEmpty { return next }
            guard await wakes.next() != nil else { return nil }
        }
    }

    private func insert(
        _ batch: [(origin: String, payload: ByteBuffer)], on connection: PostgresConnection
    ) async throws(PostgresJournalError) -> [(Int64, String)] {
        let query = sql.insert(count: batch.count, origins: batch.map(\.origin), payloads: batch.map(\.payload))
        let logger = self.logger
        return try await withDeadline("appending \(batch.count) action(s)", on: connection) {
            var rows: [(Int64, String)] = []
            for try await row in try await connection.query(query, logger: logger).decode((Int64, String).self) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Looks up a batch whose insert outcome is unknown: places what is in the log, queues the
    /// rest again (first, in their order).
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
