import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import StreamCore
import Testing

/// The PostgreSQL journal against a real server (Integrations/Scripts/postgres.sh), no mock.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(2)))
struct PostgresJournalTests {
    @Test func threeInstancesSendingConcurrentlyConvergeToTheReplayOfTheLog() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        var instances: [(Store<Ledger, LedgerAction>, PostgresJournal<Ledger, LedgerAction>)] = []
        for _ in 0..<3 { instances.append(try await openLedger(name) { $0.snapshotEvery = 25 }) }
        let perSender = 40
        // Two concurrent senders per instance; withdrawals make the outcome depend on the order.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, (store, _)) in instances.enumerated() {
                for sender in 0..<2 {
                    group.addTask {
                        for step in 0..<perSender {
                            let tag = "i\(index)s\(sender)n\(step)"
                            let action: LedgerAction =
                                step % 3 == 2 ? .withdraw(7, tag: tag) : .deposit(step % 5 + 1, tag: tag)
                            do {
                                let state = try await store.send(action)
                                // The state returned is the one this action produced.
                                #expect(state.history.last == tag)
                            } catch StoreError.rejected(let reason) {
                                #expect(reason.contains(tag))
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let last = try await TestServer.lastSequence(name)
        #expect(last == Int64(3 * 2 * perSender))
        try await eventually("every instance applied the whole log") {
            instances.allSatisfy { $0.1.appliedSequence == last }
        }
        let expected = replay(try await TestServer.log(name, as: LedgerAction.self))
        for (store, _) in instances { #expect(store.state == expected) }
        #expect(expected.history.count > 3 * 2 * perSender / 2)
        for (_, journal) in instances { await journal.close() }
    }

    @Test func aRestartedInstanceRestoresTheSnapshotAndCatchesUp() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (first, firstJournal) = try await openLedger(name) { $0.snapshotEvery = 10 }
        let (second, secondJournal) = try await openLedger(name) { $0.snapshotEvery = 10 }
        for step in 0..<25 { try await first.send(.deposit(1, tag: "a\(step)")) }
        await firstJournal.close()  // the first instance goes away…
        for step in 0..<30 { try await second.send(.deposit(2, tag: "b\(step)")) }
        let snapshots: () async throws -> [Int64] = {
            try await TestServer.withConnection { connection in
                var sequences: [Int64] = []
                for try await sequence in try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT seq FROM \(name)_snapshots ORDER BY seq"), logger: TestServer.logger
                ).decode(Int64.self) { sequences.append(sequence) }
                return sequences
            }
        }
        // A snapshot every 10 actions; one is skipped while the previous one waits for the snapshot
        // task, which a loaded machine can make last several intervals: then a few more actions
        // (notes, which leave the balance alone) reach the next interval.
        var notes = 0
        var polls = 0
        try await eventually("a recent snapshot is written") {
            if try await snapshots().last ?? 0 >= 40 { return true }
            polls += 1
            if polls % 50 == 0 {  // about a second without one
                for _ in 0..<10 {
                    try await second.send(.note("until a snapshot"))
                    notes += 1
                }
            }
            return false
        }
        let kept = try await snapshots()
        #expect(kept.count <= 2)  // the two latest are kept
        let snapshot = try #require(kept.last)
        // The actions up to the snapshot are deleted: the restart can only succeed from it.
        try await TestServer.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DELETE FROM \(name)_actions WHERE seq <= \(snapshot)"), logger: TestServer.logger)
        }
        // …and comes back: the latest snapshot, then the log after it.
        let (restarted, restartedJournal) = try await openLedger(name) { $0.snapshotEvery = 10 }
        #expect(restarted.state == second.state)
        #expect(restarted.state.balance == 25 + 60)
        #expect(restartedJournal.appliedSequence == Int64(55 + notes))
        // It keeps following: the second instance's next action reaches it.
        try await second.send(.note("after the restart"))
        try await eventually("the restarted instance applied the new action") {
            restarted.state == second.state
        }
        await secondJournal.close()
        await restartedJournal.close()
        _ = first
    }

    @Test func aMissedNotificationIsRecoveredByCatchUp() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        // No polling during the test: only the gap detection can find the missed action.
        let (store, journal) = try await openLedger(name) { $0.pollInterval = .seconds(600) }
        try await store.send(.deposit(5, tag: "first"))
        // Another writer appends an action without notifying (its NOTIFY "was missed").
        try await appendWithoutNotifying(.deposit(100, tag: "silent"), to: name)
        // This instance's next action lands after it: its place comes only after the missed one.
        let state = try await store.send(.withdraw(50, tag: "needs the silent deposit"))
        #expect(state.history == ["first", "silent", "needs the silent deposit"])
        #expect(state.balance == 55)
        await journal.close()
    }

    @Test func polling_findsAnActionAppendedWithoutANotification() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name) { $0.pollInterval = .milliseconds(200) }
        try await appendWithoutNotifying(.note("silent"), to: name)
        try await eventually("the poll found the silent action", within: .seconds(10)) {
            store.state.history == ["silent"]
        }
        await journal.close()
    }

    @Test func aDroppedConnectionSurfacesAsReconnectingAndRecovers() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let application = "rt-drop-\(name)"
        let (store, journal) = try await openLedger(name, application: application) {
            $0.reconnectDelay = .milliseconds(200)
            // What this test proves is that nothing is lost, not the deadline: in one CI run the
            // first append after the reconnect waited out its 10 s query timeout and was retried,
            // which the default 10 s send deadline did not cover.
            $0.sendTimeout = .seconds(40)
        }
        let (other, otherJournal) = try await openLedger(name)
        let statuses = Locked<[PostgresConnectionStatus]>([])
        let observation = journal.connectionStatus.observeNext { status in statuses.mutate { $0.append(status) } }
        try await store.send(.deposit(1, tag: "before"))
        try await eventually("connected") { statuses.value.last == .connected }
        // Kill every backend of this instance (its writer's and its follower's connections).
        try await TestServer.withConnection { connection in
            try await connection.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(application)",
                logger: TestServer.logger)
        }
        try await eventually("the loss is shown") {
            statuses.value.contains { if case .reconnecting = $0 { true } else { false } }
        }
        // Actions sent while it reconnects wait, then commit; nothing is lost.
        async let during = store.send(.deposit(2, tag: "during"))
        try await other.send(.deposit(3, tag: "elsewhere"))
        let afterReconnect = try await during
        #expect(afterReconnect.history.last == "during")
        try await eventually("reconnected") { statuses.value.last == .connected }
        try await eventually("both converge") { store.state == other.state && store.state.history.count == 3 }
        #expect(store.state == replay(try await TestServer.log(name, as: LedgerAction.self)))
        observation.dispose()
        await journal.close()
        await otherJournal.close()
        #expect(journal.connectionStatus.value == .closed)
    }

    @Test func anInsertPastItsDeadlineIsRetriedAndAppendedOnce() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        // 3 s: short for the blocked insert, long enough for creating the tables while the other
        // suites run (1 s timed out under ThreadSanitizer).
        let (store, journal) = try await openLedger(name) {
            $0.queryTimeout = .seconds(3)
            $0.reconnectDelay = .milliseconds(100)
        }
        let statuses = Locked<[PostgresConnectionStatus]>([])
        let observation = journal.connectionStatus.observeNext { status in statuses.mutate { $0.append(status) } }
        try await store.send(.note("warm"))
        try await TestServer.withConnection { admin in
            // Another transaction holds the counter row: the insert waits past its deadline, and
            // the waiting statement may still commit on the server once the row is released.
            try await admin.query("BEGIN", logger: TestServer.logger)
            try await admin.query(
                PostgresQuery(unsafeSQL: "SELECT seq FROM \(name)_counter FOR UPDATE"), logger: TestServer.logger)
            async let sent = store.send(.note("blocked"))
            try await eventually("the deadline passed") {
                statuses.value.contains {
                    if case .reconnecting(_, _, let reason) = $0 { reason.contains("timed out") } else { false }
                }
            }
            try await admin.query("ROLLBACK", logger: TestServer.logger)
            let state = try await sent
            #expect(state.history == ["warm", "blocked"])
        }
        // Looked up by its origin before being retried: appended exactly once.
        #expect(try await TestServer.log(name, as: LedgerAction.self) == [.note("warm"), .note("blocked")])
        #expect(journal.lastError != nil)
        observation.dispose()
        await journal.close()
    }

    @Test func anActionOverTheSizeLimitIsRefusedWithATypedErrorAndNothingIsWritten() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name) { $0.maxActionBytes = 100 }
        await #expect(throws: StoreError.self) {
            try await store.send(.note(String(repeating: "x", count: 200)))
        }
        guard case .tooLarge(kind: "action", _, limit: 100) = journal.lastError else {
            Issue.record("expected tooLarge, got \(String(describing: journal.lastError))")
            return
        }
        // A client's refusal, timestamped, not a failure of the database.
        guard case .tooLarge(kind: "action", _, limit: 100) = journal.lastRefusal?.error else {
            Issue.record("expected a tooLarge refusal, got \(String(describing: journal.lastRefusal))")
            return
        }
        #expect(journal.infrastructureFailure == nil)
        let state = try await store.send(.note("small"))
        #expect(state.history == ["small"])
        #expect(try await TestServer.lastSequence(name) == 1)
        await journal.close()
    }

    @Test func anInvalidNameIsATypedError() throws {
        #expect(throws: PostgresJournalError.invalidName("orders; DROP TABLE x")) {
            _ = try PostgresJournal<Ledger, LedgerAction>(
                configuration: try TestServer.configuration(), options: PostgresJournalOptions(name: "orders; DROP TABLE x"))
        }
    }

    @Test func anUnreachableServerFailsTheStartWithATypedErrorWithinItsDeadline() async throws {
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: 1, username: "postgres", password: nil, database: "postgres", tls: .disable)  // nothing listens on port 1
        let journal = try PostgresJournal<Ledger, LedgerAction>(
            configuration: configuration, options: PostgresJournalOptions(name: "unreachable", connectTimeout: .seconds(2)))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: PostgresJournalError.self) {
            _ = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        }
        #expect(clock.now - start < .seconds(10))
    }

    @Test func aClosedJournalRefusesLaterActions() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name)
        try await store.send(.note("one"))
        await journal.close()
        await #expect(throws: StoreError.self) { try await store.send(.note("two")) }
        #expect(store.state.history == ["one"])
    }
}

/// Appends an action as another writer would, but without `pg_notify`.
func appendWithoutNotifying(_ action: LedgerAction, to name: String) async throws {
    let payload = ByteBuffer(bytes: try JSONEncoder().encode(action))
    try await TestServer.withConnection { connection in
        var query = PostgresQuery(
            unsafeSQL: """
                WITH next AS (UPDATE \(name)_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq)
                INSERT INTO \(name)_actions (seq, origin, payload) SELECT seq, $1, $2 FROM next
                """)
        query.binds.append("silent:\(UUID().uuidString)")
        query.binds.append(payload)
        try await connection.query(query, logger: TestServer.logger)
    }
}
