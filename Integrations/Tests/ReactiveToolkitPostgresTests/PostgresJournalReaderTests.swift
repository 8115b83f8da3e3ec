import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// The read-only reader of a shared store's log, against a real server: what it returns replays
/// to the store's state, it writes nothing, and damage is a typed error.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(2)))
struct PostgresJournalReaderTests {
    static func reader(_ name: String, maximumActions: Int = 100_000) throws -> PostgresJournalReader<Ledger, LedgerAction> {
        try PostgresJournalReader(
            configuration: try TestServer.configuration(application: "rt-reader"), name: name, maximumActions: maximumActions,
            timeout: .seconds(10))
    }

    static func replayed(_ contents: JournalContents<Ledger, LedgerAction>) -> Ledger {
        var state = contents.snapshot ?? Ledger()
        for entry in contents.entries {
            guard let action = entry.action else { continue }
            do throws(StoreError) { try ledgerReducer(&state, action) } catch {}
        }
        return state
    }

    /// The journal's tables and their row counts.
    static func footprint(_ name: String) async throws -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for table in ["actions", "snapshots", "counter", "instances"] {
            let exists = try await TestServer.scalar("SELECT count(*)::bigint FROM pg_tables WHERE tablename = '\(name)_\(table)'")
            if exists > 0 { counts[table] = try await TestServer.scalar("SELECT count(*)::bigint FROM \(name)_\(table)") }
        }
        return counts
    }

    @Test func readsTheLogWithItsTimesAndItReplaysToTheStoresState() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name) { $0.snapshotEvery = 5 }
        let actions = (1...12).map { LedgerAction.deposit($0, tag: "d\($0)") } + [.withdraw(1_000, tag: "refused")]
        for action in actions { _ = try? await store.send(action) }
        try await eventually("the snapshot at 10 is written") {
            try await TestServer.scalar("SELECT coalesce(max(seq), 0)::bigint FROM \(name)_snapshots") == 10
        }
        let before = try await Self.footprint(name)
        let latest = try await Self.reader(name).read(from: .latestSnapshot)
        #expect(latest.snapshotSequence == 10)
        #expect(latest.entries.map(\.sequence) == [11, 12, 13])
        #expect(latest.entries.allSatisfy { $0.date != nil })
        #expect(latest.snapshotDate != nil)
        #expect(Self.replayed(latest) == store.state)
        let whole = try await Self.reader(name).read(from: .beginning)
        #expect(whole.snapshot == nil)
        #expect(whole.entries.compactMap(\.action) == actions)
        #expect(Self.replayed(whole) == store.state)
        #expect(whole.source == "PostgreSQL log \(name)")
        // Nothing was written: no table, no row, no instance position.
        #expect(try await Self.footprint(name) == before)
        await journal.close()
    }

    @Test func boundsWhatItReadsAndSaysSo() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name)
        for step in 1...7 { try await store.send(.deposit(step, tag: "d\(step)")) }
        let contents = try await Self.reader(name, maximumActions: 4).read(from: .beginning)
        #expect(contents.entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(contents.notes == ["read the first 4 actions after 0; the log goes on"])
        await journal.close()
    }

    @Test func emptiedAndUndecodablePlacesAreEntriesAndAGapIsATypedError() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name)
        for step in 1...4 { try await store.send(.deposit(step, tag: "d\(step)")) }
        await journal.close()
        try await TestServer.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "UPDATE \(name)_actions SET payload = ''::bytea WHERE seq = 2"), logger: TestServer.logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: #"UPDATE \#(name)_actions SET payload = convert_to('{"launch":{}}', 'UTF8') WHERE seq = 3"#),
                logger: TestServer.logger)
        }
        let contents = try await Self.reader(name).read(from: .beginning)
        #expect(contents.entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(contents.entries[1].content == .noAction)
        guard case .undecodable = contents.entries[2].content else {
            Issue.record("not undecodable: \(contents.entries[2])")
            return
        }
        try await TestServer.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM \(name)_actions WHERE seq = 3"), logger: TestServer.logger)
        }
        await #expect(throws: PostgresJournalError.inconsistentLog(reason: "action 3 is missing: action 4 follows action 2")) {
            try await Self.reader(name).read(from: .beginning)
        }
        try await TestServer.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM \(name)_actions WHERE seq <= 2"), logger: TestServer.logger)
        }
        await #expect(throws: PostgresJournalError.behindCompaction(applied: 0, oldestRetained: 4)) {
            try await Self.reader(name).read(from: .beginning)
        }
    }

    @Test func aMissingJournalIsATypedErrorAndNothingIsCreated() async throws {
        let name = TestServer.uniqueName()
        await #expect(throws: PostgresJournalError.missingLog(name: name)) { try await Self.reader(name).read() }
        #expect(try await Self.footprint(name).isEmpty)
        #expect(throws: PostgresJournalError.invalidName("Robert'); DROP TABLE x;--")) {
            try Self.reader("Robert'); DROP TABLE x;--")
        }
    }
}
