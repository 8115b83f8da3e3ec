import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import StreamCore
import Testing

/// Sends, shutdowns and health while the database is away. The outage is a database of the
/// test's own that stops accepting connections (its backends terminated): to the journal it is
/// a server that refuses it, and the other suites' databases are untouched.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(2)))
struct OutageTests {
    @Test func aSendDuringAnOutageFailsWithTheTypedErrorAtItsDeadlineAndMayStillCommit() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let (store, journal) = try await database.openLedger { $0.sendTimeout = .seconds(1) }
        try await store.send(.note("before"))
        try await database.refuseConnections()
        let outcome = Locked<Result<Ledger, StoreError>?>(nil)
        let clock = ContinuousClock()
        let start = clock.now
        let sender = Task {
            let result = await Self.result(of: .note("during"), on: store); outcome.mutate { $0 = result }
        }
        // Before the change, this send waited until the database came back (here: never).
        try await eventually("the send ended", within: .seconds(15)) { outcome.value != nil }
        let elapsed = clock.now - start
        #expect(outcome.value == .failure(.deadlineExceeded(mayHaveRun: true)))
        #expect(elapsed >= .seconds(1))
        // The failure is the database's, with PostgreSQL's own words, and timestamped.
        try await eventually("the refused connection is shown") {
            journal.infrastructureFailure?.error.description.contains("55000") == true
        }
        let failure = try #require(journal.infrastructureFailure)
        #expect(failure.error.description.contains("is not currently accepting connections"))
        #expect(!failure.error.description.contains("Generic description"))
        #expect(failure.date.timeIntervalSinceNow > -60)
        #expect(journal.lastRefusal == nil)
        // The outcome was unknown indeed: once the database is back the action commits and is applied.
        try await database.allowConnections()
        try await eventually("the action sent during the outage is applied") { store.state.history == ["before", "during"] }
        try await eventually("the failure is cleared on recovery") { journal.infrastructureFailure == nil }
        #expect(try await database.log() == [.note("before"), .note("during")])
        _ = await sender.value
        await journal.close()
    }

    @Test func failFastWhileReconnectingRefusesAtOnceAndWritesNothing() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let (store, journal) = try await database.openLedger {
            $0.failFastWhileReconnecting = true
            $0.sendTimeout = .seconds(60)
        }
        try await store.send(.note("before"))
        try await database.refuseConnections()
        try await eventually("reconnecting") {
            if case .reconnecting = journal.connectionStatus.value { true } else { false }
        }
        // Without the option this send would wait (at most 60 s, past the watchdog).
        let outcome = Locked<Result<Ledger, StoreError>?>(nil)
        let sender = Task {
            let result = await Self.result(of: .note("refused"), on: store); outcome.mutate { $0 = result }
        }
        try await eventually("the send ended", within: .seconds(15)) { outcome.value != nil }
        #expect(outcome.value == .failure(.deadlineExceeded(mayHaveRun: false)))
        try await database.allowConnections()
        try await eventually("connected") { journal.connectionStatus.value == .connected }
        let state = try await store.send(.note("after"))
        #expect(state.history == ["before", "after"])
        #expect(try await database.log() == [.note("before"), .note("after")])
        _ = await sender.value
        await journal.close()
    }

    @Test func closingTheJournalFailsTheWaitingSendsWithTheTypedError() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let (store, journal) = try await database.openLedger { $0.sendTimeout = nil }
        try await store.send(.note("before"))
        try await database.refuseConnections()
        let outcome = Locked<Result<Ledger, StoreError>?>(nil)
        let sending = Locked(false)
        let sender = Task {
            sending.mutate { $0 = true }
            let result = await Self.result(of: .note("waiting"), on: store); outcome.mutate { $0 = result }
        }
        try await eventually("reconnecting") {
            if case .reconnecting = journal.connectionStatus.value { true } else { false }
        }
        // The send must have reached the journal (which holds it) before the close: a send
        // that starts after it is refused by the closed journal instead, which is not this case.
        try await eventually("the send started") { sending.value }
        try await Task.sleep(for: .milliseconds(300))
        #expect(outcome.value == nil)  // no deadline: it waits
        await journal.close()
        try await eventually("the send ended", within: .seconds(15)) { outcome.value != nil }
        // Was `droppedByMiddleware`, which hid that the insert may have committed.
        #expect(outcome.value == .failure(.deadlineExceeded(mayHaveRun: true)))
        _ = await sender.value
    }

    @Test func sigtermDuringAnOutageExitsWithinTheDeadlinesAndFailsTheWaitingSend() async throws {
        let database = try await TestDatabase.create()
        defer { Task { await database.drop() } }
        let child = try #require(MultiProcessTests.childExecutable(), "PostgresJournalChild is not built next to the tests")
        let process = Process()
        process.executableURL = child
        process.arguments = ["--shutdown-during-outage", database.journal, "2000", "1000"]
        var environment = ProcessInfo.processInfo.environment
        environment["RT_PG_DATABASE"] = database.name
        process.environment = environment
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let lines = Locked<[String]>([])
        let finished = Locked(false)
        // The pipe is read on a thread of its own (`availableData` blocks), never on the pool.
        Thread.detachNewThread {
            var pending = ""
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    lines.mutate { $0.append(line) }
                }
            }
            finished.mutate { $0 = true }
        }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try await eventually("the child is ready", within: .seconds(60)) { lines.value.contains("ready") }
        try await database.refuseConnections()
        input.fileHandleForWriting.write(Data("send\n".utf8))
        try await eventually("the child is sending") { lines.value.contains("sending") }
        try await Task.sleep(for: .milliseconds(300))  // the send is waiting for the journal
        let clock = ContinuousClock()
        let start = clock.now
        kill(process.processIdentifier, SIGTERM)
        // HTTP waits for its request, whose send ends at its 2 s deadline; then the store (1 s
        // deadline, no effects) and the journal. Before the change the send, and so the
        // shutdown, waited until the database came back (here: never).
        try await eventually("the child exited", within: .seconds(20)) { !process.isRunning }
        let elapsed = clock.now - start
        try await eventually("the output is read") { finished.value }
        #expect(process.terminationStatus == 0)
        #expect(lines.value.contains("send failed: \(StoreError.deadlineExceeded(mayHaveRun: true))"))
        #expect(lines.value.last == "exited")
        // Bounded by the send deadline plus the shutdown deadline (3 s), with room for a loaded machine.
        #expect(elapsed < .seconds(10))
        print("OutageTests: SIGTERM during the outage exited after \(elapsed) (send deadline 2 s, shutdown deadline 1 s)")
    }

    static func result(of action: LedgerAction, on store: Store<Ledger, LedgerAction>) async -> Result<Ledger, StoreError> {
        do throws(StoreError) { return .success(try await store.send(action)) } catch { return .failure(error) }
    }
}

/// A database of one test's own, which can stop accepting connections.
struct TestDatabase {
    let name: String
    /// The journal's name in it.
    let journal = TestServer.uniqueName()

    static func create() async throws -> TestDatabase {
        let database = TestDatabase(name: "d" + TestServer.uniqueName())
        try await TestServer.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(database.name)"), logger: TestServer.logger)
        }
        return database
    }

    var configuration: PostgresConnection.Configuration {
        get throws {
            var configuration = try TestServer.configuration()
            configuration.database = name
            return configuration
        }
    }

    func openLedger(
        _ options: (inout PostgresJournalOptions) -> Void
    ) async throws -> (Store<Ledger, LedgerAction>, PostgresJournal<Ledger, LedgerAction>) {
        var journalOptions = PostgresJournalOptions(
            name: journal, queryTimeout: .seconds(5), connectTimeout: .seconds(2), reconnectDelay: .milliseconds(100),
            maxReconnectDelay: .milliseconds(300))
        options(&journalOptions)
        let journal = try PostgresJournal<Ledger, LedgerAction>(configuration: try configuration, options: journalOptions)
        let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        return (store, journal)
    }

    /// New connections are refused (SQLSTATE 55000) and the current ones are terminated.
    func refuseConnections() async throws {
        try await TestServer.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "ALTER DATABASE \(name) ALLOW_CONNECTIONS false"), logger: TestServer.logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'"),
                logger: TestServer.logger)
        }
    }

    func allowConnections() async throws {
        try await TestServer.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "ALTER DATABASE \(name) ALLOW_CONNECTIONS true"), logger: TestServer.logger)
        }
    }

    /// The journal's log, read in the database.
    func log() async throws -> [LedgerAction] {
        var configuration = try self.configuration
        configuration.options.additionalStartupParameters = [("application_name", "reactivetoolkit-tests-admin")]
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: TestServer.logger)
        defer { Task { try? await connection.close() } }
        var actions: [LedgerAction] = []
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT payload FROM \(journal)_actions ORDER BY seq"), logger: TestServer.logger)
        for try await payload in rows.decode(ByteBuffer.self) {
            actions.append(try JSONDecoder().decode(LedgerAction.self, from: Data(payload.readableBytesView)))
        }
        return actions
    }

    func drop() async {
        _ = try? await TestServer.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: TestServer.logger)
        }
    }
}
