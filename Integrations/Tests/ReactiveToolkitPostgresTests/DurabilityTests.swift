import Foundation
import IntegrationsTestSupport
import PostgresNIO
import StoreKitLite
import Testing

@testable import ReactiveToolkitPostgres

/// Appends commit asynchronously and a barrier makes them durable (Decision 0029): nothing is
/// acknowledged or applied between the two, and a crash between them loses nothing acknowledged
/// and appends nothing twice. On a durable server of the test's own, which it crashes.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(3)), .serialized)
struct DurabilityTests {
    /// Nothing flushes the WAL behind the test's back: the WAL writer waits 10 s (the longest
    /// allowed), no background writer, no autovacuum, no checkpoint.
    static let quiet = "-c wal_writer_delay=10s -c bgwriter_lru_maxpages=0 -c autovacuum=off -c checkpoint_timeout=1h"

    @Test func aBatchCommittedButNotYetDurableIsNotAcknowledgedAndACrashThatLosesItAppendsItOnce() async throws {
        let server = try await PrivateServer.start(options: Self.quiet)
        defer { server.stop() }
        let name = TestServer.uniqueName()
        // No polling: the follower would run a barrier for the batch it reads.
        let (store, journal) = try await server.openLedger(name) { $0.pollInterval = .seconds(600) }
        try await store.send(.note("durable"))
        // The journal's procedure, with a wait between its two transactions: the batch commits,
        // then the barrier waits for an advisory lock the test holds.
        let admin = try await server.connect()
        try await admin.query("SELECT pg_advisory_lock(4242)", logger: TestServer.logger)
        let procedure = JournalSQL(name: name).appendSchema
        let paused = procedure.replacingOccurrences(of: "COMMIT;\n", with: "COMMIT;\n  PERFORM pg_advisory_xact_lock(4242);\n")
        #expect(paused != procedure)
        try await admin.query(PostgresQuery(unsafeSQL: paused), logger: TestServer.logger)

        let outcome = Locked<Result<Ledger, StoreError>?>(nil)
        let sender = Task {
            let result = await OutageTests.result(of: .note("in doubt"), on: store)
            outcome.mutate { $0 = result }
        }
        try await eventually("the batch is committed", within: .seconds(30)) {
            try await server.scalar("SELECT count(*)::bigint FROM \(name)_actions") == 2
        }
        try await eventually("the barrier waits", within: .seconds(30)) {
            try await server.scalar(
                "SELECT count(*)::bigint FROM pg_stat_activity WHERE wait_event = 'advisory' AND query LIKE 'CALL%'") == 1
        }
        try await Task.sleep(for: .milliseconds(300))
        // Committed, not durable: not acknowledged, not applied.
        #expect(outcome.value == nil)
        #expect(store.state.history == ["durable"])
        #expect(journal.appliedSequence == 1)

        // A crash that loses the commit. Whether a real one does depends on whether a server
        // process had written that WAL out before it, so the test takes the commit back itself,
        // durably, and then crashes the server: the
        // journal sees what a crash that lost it leaves (every connection broken, the batch
        // missing from the log, the counter where it was).
        try await server.scalar("DELETE FROM \(name)_actions WHERE seq = 2")
        try await server.scalar("UPDATE \(name)_counter SET seq = 1 WHERE id = 1")
        try await server.crash()
        try await server.restart()
        // (No count of the rows here: the writer reconnects within 0.1 s and may have appended
        // the batch again already.)
        // The writer looked the batch up by origin, did not find it, and appended it again.
        try await eventually("the send ended", within: .seconds(60)) { outcome.value != nil }
        #expect(outcome.value.map { try? $0.get().history } == ["durable", "in doubt"])
        #expect(try await server.log(name) == [.note("durable"), .note("in doubt")])
        #expect(journal.appliedSequence == 2)
        _ = await sender.value
        try? await admin.close()
        await journal.close()
    }

    @Test func anotherInstanceAppliesACommittedActionOnlyOnceABarrierReturned() async throws {
        let server = try await PrivateServer.start()
        defer { server.stop() }
        let name = TestServer.uniqueName()
        let (first, firstJournal) = try await server.openLedger(name)
        let (second, secondJournal) = try await server.openLedger(name)
        try await first.send(.note("before"))
        try await eventually("the second instance applied it") { second.state.history == ["before"] }
        // Synchronous commits now wait for a standby that does not exist: every barrier waits;
        // the appends, committed asynchronously, do not.
        try await server.scalar("ALTER SYSTEM SET synchronous_standby_names = 'ghost'")
        try await server.scalar("SELECT pg_reload_conf()::int::bigint")
        let outcome = Locked<Result<Ledger, StoreError>?>(nil)
        let sender = Task {
            let result = await OutageTests.result(of: .note("waiting"), on: first)
            outcome.mutate { $0 = result }
        }
        try await eventually("the action is committed", within: .seconds(30)) {
            try await server.scalar("SELECT count(*)::bigint FROM \(name)_actions") == 2
        }
        try await eventually("a barrier waits for the standby", within: .seconds(30)) {
            try await server.scalar("SELECT count(*)::bigint FROM pg_stat_activity WHERE wait_event = 'SyncRep'") ?? 0 >= 1
        }
        try await eventually("the second instance holds it, tentative") {
            secondJournal.shared.withLockedValue { $0.sequencer.hasTentative }
        }
        try await Task.sleep(for: .milliseconds(500))
        // Committed, and notified to the second instance, but neither acknowledged nor applied.
        #expect(outcome.value == nil)
        #expect(second.state.history == ["before"])
        #expect(secondJournal.appliedSequence == 1)

        try await server.scalar("ALTER SYSTEM RESET synchronous_standby_names")
        try await server.scalar("SELECT pg_reload_conf()::int::bigint")
        try await eventually("the send returned", within: .seconds(30)) { outcome.value != nil }
        #expect(outcome.value.map { try? $0.get().history } == ["before", "waiting"])
        try await eventually("the second instance applied it") { second.state.history == ["before", "waiting"] }
        #expect(try await server.log(name) == [.note("before"), .note("waiting")])
        _ = await sender.value
        await firstJournal.close()
        await secondJournal.close()
    }
}
