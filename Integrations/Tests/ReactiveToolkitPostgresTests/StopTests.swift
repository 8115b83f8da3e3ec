import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// A row no instance can decode stops a running journal loudly, and an operator can skip it.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(2)))
struct StopTests {
    @Test func anUndecodableRowFailsTheWaitingSendsStopsTheWriterAndCanBeSkipped() async throws {
        let name = TestServer.uniqueName()
        let application = "rt-stop-\(name)"
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name, application: application)
        for step in 0..<5 { try await store.send(.deposit(1, tag: "before\(step)")) }
        let clock = ContinuousClock()
        let inFlight = 20
        let (poison, arrival, outcomes) = try await TestServer.withConnection { admin in
            // The poison row's transaction holds the counter row: the sends below wait behind it.
            try await admin.query("BEGIN", logger: TestServer.logger)
            let poison = try await Self.appendGarbage(to: name, on: admin)
            return try await withThrowingTaskGroup(of: (Result<Ledger, StoreError>, ContinuousClock.Instant).self) { group in
                for index in 0..<inFlight {
                    group.addTask {
                        let result = await OutageTests.result(of: .deposit(1, tag: "inflight\(index)"), on: store)
                        return (result, clock.now)
                    }
                }
                try await eventually("an insert waits for the poison row's transaction") {
                    try await TestServer.scalar(
                        "SELECT count(*)::bigint FROM pg_stat_activity WHERE application_name = '\(application)' AND wait_event_type = 'Lock'"
                    ) > 0
                }
                try await admin.query("COMMIT", logger: TestServer.logger)
                let arrival = clock.now
                var outcomes: [(Result<Ledger, StoreError>, ContinuousClock.Instant)] = []
                for try await outcome in group { outcomes.append(outcome) }
                return (poison, arrival, outcomes)
            }
        }
        let expected = StoreError.refusing(PostgresJournalError.undecodableAction(sequence: poison, reason: ""))
        for (result, end) in outcomes {
            guard case .failure(let error) = result, case .undecodableAction(poison, _)? = error.refusal(as: PostgresJournalError.self) else {
                Issue.record("expected \(expected), got \(result)")
                continue
            }
            #expect(end - arrival < .seconds(1))
        }
        print("StopTests: \(inFlight) sends failed within \(outcomes.map { $0.1 - arrival }.max() ?? .zero) of the row's arrival")
        #expect(store.state.history == (0..<5).map { "before\($0)" })
        guard case .failed(.undecodableAction(poison, _)) = journal.connectionStatus.value,
            case .undecodableAction(poison, _)? = journal.infrastructureFailure?.error
        else {
            Issue.record("expected the stop to be shown, got \(journal.connectionStatus.value), \(String(describing: journal.infrastructureFailure))")
            return
        }
        // The writer stopped: a new send fails at once with the same error, nothing more is appended.
        let appended = try await TestServer.lastSequence(name)
        let start = clock.now
        let later = await OutageTests.result(of: .deposit(1, tag: "later"), on: store)
        #expect(clock.now - start < .milliseconds(100))
        guard case .failure(let error) = later, case .undecodableAction(poison, _)? = error.refusal(as: PostgresJournalError.self) else {
            Issue.record("expected the stop's error, got \(later)")
            return
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await TestServer.lastSequence(name) == appended)

        // A new instance fails to open with the same error…
        await #expect(throws: PostgresJournalError.self) { _ = try await openLedger(name) }
        // …a decodable row is not skipped…
        await #expect(throws: PostgresJournalError.self) {
            try await PostgresJournal<Ledger, LedgerAction>.skipUndecodableAction(
                at: 1, configuration: try TestServer.configuration(), name: name)
        }
        // …and once the operator skipped the poison row, a new instance opens and converges.
        try await PostgresJournal<Ledger, LedgerAction>.skipUndecodableAction(
            at: poison, configuration: try TestServer.configuration(), name: name)
        let (fresh, freshJournal) = try await openLedger(name)
        #expect(freshJournal.appliedSequence == appended)
        #expect(fresh.state == replay(try await TestServer.log(name, as: LedgerAction.self)))
        // It follows on: the marker counts as a place, so its sequence stays exact.
        try await fresh.send(.note("after"))
        #expect(freshJournal.appliedSequence == appended + 1)
        await freshJournal.close()
        await journal.close()
    }

    /// Appends a row whose payload is not an action (as a newer version's writer might), with
    /// its notification, in the caller's transaction. Returns its sequence number.
    static func appendGarbage(to name: String, on connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    WITH next AS (UPDATE \(name)_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq),
                    ins AS (INSERT INTO \(name)_actions (seq, origin, payload)
                      SELECT seq, 'poison:' || seq, decode('00ff7b', 'hex') FROM next RETURNING seq)
                    SELECT ins.seq FROM ins, (SELECT pg_notify('\(name)', max(seq)::text) FROM ins) AS n
                    """), logger: TestServer.logger)
        for try await sequence in rows.decode(Int64.self) { return sequence }
        throw PostgresJournalError.connection(reason: "no row appended")
    }
}
