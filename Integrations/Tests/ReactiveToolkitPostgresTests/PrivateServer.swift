import Foundation
import IntegrationsTestSupport
import Logging
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// A PostgreSQL server of one test's own, started by `Integrations/Scripts/postgres.sh` on a free
/// port, durable (`fsync` and `synchronous_commit` on), which the test may crash and restart:
/// the shared test server cannot be, the other suites run on it.
struct PrivateServer: Sendable {
    let port: Int
    let state: String
    let options: String

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/postgres.sh")
    }

    /// Starts a server with the extra server `options` (`-c name=value …`).
    static func start(options: String = "") async throws -> PrivateServer {
        var lastError = ""
        for _ in 0..<3 {
            let port = Int.random(in: 56_000..<60_000)
            let server = PrivateServer(port: port, state: NSTemporaryDirectory() + "rt-private-\(port).state", options: options)
            let (status, output) = try await server.run("start")
            if status == 0 { return server }
            lastError = output
        }
        Issue.record("could not start a private PostgreSQL server: \(lastError)")
        throw CancellationError()
    }

    /// Runs the script with `command`; returns its exit status and output. (The output is read on
    /// a thread of its own, not the cooperative pool's, and the exit polled: `waitUntilExit` was
    /// seen to hang here.)
    @discardableResult
    func run(_ command: String) async throws -> (Int32, String) {
        let (process, output) = try launch(command)
        let data = try await onOwnThread { try output.fileHandleForReading.readToEnd() ?? Data() }
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func launch(_ command: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script.path, command]
        var environment = ProcessInfo.processInfo.environment
        environment["RT_PG_PORT"] = String(port)
        environment["RT_PG_STATE"] = state
        environment["RT_PG_FSYNC"] = "on"
        environment["RT_PG_OPTIONS"] = options
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }

    /// Kills the server as a crash would (`pg_ctl stop -m immediate`): what was committed but not
    /// yet flushed to its WAL is lost.
    func crash() async throws {
        let (status, output) = try await run("crash")
        #expect(status == 0, "\(output)")
    }

    /// Starts it again on its data (crash recovery).
    func restart() async throws {
        let (status, output) = try await run("restart")
        #expect(status == 0, "\(output)")
    }

    /// Stops the server and deletes its data, for a `defer`: starts the script and returns; a
    /// thread of its own (never one of the cooperative pool's) drains its output until it ends.
    func stop() {
        guard let (_, output) = try? launch("stop") else { return }
        Thread { _ = try? output.fileHandleForReading.readToEnd() }.start()
    }

    var configuration: PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: port, username: "postgres", password: nil, database: "postgres", tls: .disable)
        configuration.options.additionalStartupParameters = [("application_name", "reactivetoolkit-private")]
        return configuration
    }

    func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(configuration: configuration, id: 1, logger: TestServer.logger)
    }

    /// Runs `sql` on a fresh connection; returns the first `bigint` of its first row, if any.
    @discardableResult
    func scalar(_ sql: String) async throws -> Int64? {
        let connection = try await connect()
        defer { Task { try? await connection.close() } }
        for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestServer.logger)
            .decode(Int64?.self)
        {
            return value
        }
        return nil
    }

    /// The journal's log, decoded.
    func log(_ name: String) async throws -> [LedgerAction] {
        let connection = try await connect()
        defer { Task { try? await connection.close() } }
        var actions: [LedgerAction] = []
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT payload FROM \(name)_actions ORDER BY seq"), logger: TestServer.logger)
        for try await payload in rows.decode(ByteBuffer.self) {
            actions.append(try JSONDecoder().decode(LedgerAction.self, from: Data(payload.readableBytesView)))
        }
        return actions
    }

    func openLedger(
        _ name: String, options: (inout PostgresJournalOptions) -> Void = { _ in }
    ) async throws -> (Store<Ledger, LedgerAction>, PostgresJournal<Ledger, LedgerAction>) {
        var journalOptions = PostgresJournalOptions(
            name: name, queryTimeout: .seconds(30), connectTimeout: .seconds(5), reconnectDelay: .milliseconds(100),
            maxReconnectDelay: .milliseconds(500), sendTimeout: .seconds(60))
        options(&journalOptions)
        let journal = try PostgresJournal<Ledger, LedgerAction>(configuration: configuration, options: journalOptions)
        let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        return (store, journal)
    }
}
