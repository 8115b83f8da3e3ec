import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// Compaction keeps the log small under load, and an instance left behind it stops loudly.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(5)))
struct CompactionTests {
    /// The soak's action count: `RT_PG_SOAK_ACTIONS` (100,000 by hand), else a CI-sized default.
    static let soakActions = Int(TestServer.environment["RT_PG_SOAK_ACTIONS"] ?? "") ?? 10_000

    @Test func aSoakWithMostlyRefusedActionsKeepsTheLogBoundedAndConverges() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await Self.dropWithArchive(name) } }
        let snapshotEvery = 1_000
        let retained = 1_000
        let configure: (inout PostgresJournalOptions) -> Void = {
            $0.snapshotEvery = snapshotEvery
            $0.retainedActions = retained
            $0.pollInterval = .milliseconds(200)
            $0.instanceExpiry = .seconds(5)
        }
        let first = try await openLedger(name, options: configure)
        try await Self.archive(name)  // a copy of every row, to replay what compaction deleted
        let second = try await openLedger(name, options: configure)
        let instances = [first, second]
        let senders = 32  // per instance
        let total = Self.soakActions
        let clock = ContinuousClock()
        let start = clock.now
        let highest = Locked<Int64>(0)
        let sending = Locked(true)
        let monitor = Task {
            while sending.value {
                let rows = try await TestServer.rowCount(name)
                highest.mutate { $0 = max($0, rows) }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, (store, _)) in instances.enumerated() {
                for sender in 0..<senders {
                    group.addTask {
                        var step = sender
                        while step < total / instances.count {
                            // 9 in 10 are overdrafts the reducer refuses (deterministically, everywhere).
                            let action: LedgerAction =
                                step % 10 == 0 ? .deposit(1, tag: "i\(index)n\(step)") : .withdraw(1_000_000, tag: "i\(index)n\(step)")
                            _ = try? await store.send(action)
                            step += senders
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = clock.now - start
        sending.mutate { $0 = false }
        try await monitor.value
        let last = try await TestServer.scalar("SELECT seq FROM \(name)_counter")
        #expect(last == Int64(total / instances.count * instances.count))
        try await eventually("both instances applied the whole log") {
            instances.allSatisfy { $0.1.appliedSequence == last }
        }
        let expected = replay(try await Self.archived(name))
        for (store, _) in instances { #expect(store.state == expected) }
        // Below the cut (the latest snapshot or a slower instance's recorded position) only
        // `retained` rows stay; above it at most a snapshot interval, one skipped interval (the
        // snapshot task was busy) and the heartbeat's lag.
        let bound = Int64(retained + 4 * snapshotEvery)
        #expect(highest.value <= bound)
        let final = try await TestServer.rowCount(name)
        print(
            "CompactionTests: \(last) actions (90 % refused) by 2 instances × \(senders) senders in \(elapsed); "
                + "at most \(highest.value) rows in the log (bound \(bound)), \(final) at the end")
        for (_, journal) in instances { await journal.close() }
    }

    @Test func anInstanceLeftBehindCompactionStopsWithATypedErrorAndARestartCatchesUp() async throws {
        let name = TestServer.uniqueName()
        let application = "rt-behind-\(name)"
        defer { Task { await TestServer.drop(name) } }
        let configure: (inout PostgresJournalOptions) -> Void = {
            $0.snapshotEvery = 10
            $0.retainedActions = 0
            $0.instanceExpiry = .milliseconds(400)
            $0.pollInterval = .milliseconds(100)
        }
        let (store, journal) = try await openLedger(name, options: configure)
        let (behind, behindJournal) = try await openLedger(name, application: application) {
            configure(&$0)
            $0.reconnectDelay = .seconds(3)  // away long enough to be compacted past
        }
        try await store.send(.deposit(5, tag: "start"))
        try await eventually("the second instance applied the first action") { behindJournal.appliedSequence == 1 }
        try await TestServer.withConnection { admin in
            try await admin.query(
                PostgresQuery(unsafeSQL: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(application)'"),
                logger: TestServer.logger)
        }
        var step = 0
        try await eventually("the actions after the second instance's position are compacted") {
            for _ in 0..<10 {
                try await store.send(.deposit(1, tag: "n\(step)"))
                step += 1
            }
            return try await TestServer.scalar("SELECT coalesce(min(seq), 0)::bigint FROM \(name)_actions") > 2
        }
        try await eventually("the instance left behind stops") {
            if case .failed(.behindCompaction(applied: 1, _)) = behindJournal.connectionStatus.value { true } else { false }
        }
        let refused = await OutageTests.result(of: .note("late"), on: behind)
        guard case .failure(let error) = refused, case .behindCompaction? = error.refusal(as: PostgresJournalError.self) else {
            Issue.record("expected behindCompaction, got \(refused)")
            return
        }
        #expect(behindJournal.infrastructureFailure != nil)
        // A restart loads the latest snapshot and catches up with the log after it.
        await behindJournal.close()
        let (restarted, restartedJournal) = try await openLedger(name, options: configure)
        try await eventually("the restarted instance caught up") { restartedJournal.appliedSequence == journal.appliedSequence }
        #expect(restarted.state == store.state)
        await restartedJournal.close()
        await journal.close()
    }

    /// Copies every row appended to `<name>_actions` into `<name>_archive` (a trigger), so a
    /// test can replay the whole log after compaction.
    static func archive(_ name: String) async throws {
        try await TestServer.withConnection { connection in
            for statement in [
                "CREATE TABLE \(name)_archive (seq bigint PRIMARY KEY, payload bytea NOT NULL)",
                """
                CREATE FUNCTION \(name)_copy() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN INSERT INTO \(name)_archive VALUES (NEW.seq, NEW.payload); RETURN NEW; END $$
                """,
                "CREATE TRIGGER \(name)_copy AFTER INSERT ON \(name)_actions FOR EACH ROW EXECUTE FUNCTION \(name)_copy()",
            ] {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: TestServer.logger)
            }
        }
    }

    /// The archived log, in order.
    static func archived(_ name: String) async throws -> [LedgerAction] {
        try await TestServer.withConnection { connection in
            var actions: [LedgerAction] = []
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT payload FROM \(name)_archive ORDER BY seq"), logger: TestServer.logger)
            for try await payload in rows.decode(ByteBuffer.self) {
                actions.append(try JSONDecoder().decode(LedgerAction.self, from: Data(payload.readableBytesView)))
            }
            return actions
        }
    }

    /// Drops the journal's tables, the archive and its trigger function.
    static func dropWithArchive(_ name: String) async {
        await TestServer.drop(name)  // the actions table, and with it the trigger
        _ = try? await TestServer.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(name)_archive"), logger: TestServer.logger)
            try await connection.query(PostgresQuery(unsafeSQL: "DROP FUNCTION IF EXISTS \(name)_copy()"), logger: TestServer.logger)
        }
    }
}
