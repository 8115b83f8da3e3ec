import Foundation
import IntegrationsTestSupport
import Logging
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// The test server, from the environment `Integrations/Scripts/postgres.sh env` prints.
enum TestServer {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the tests must run: in CI (`CI` or `RT_PG_REQUIRED` set) a missing server fails
    /// them instead of skipping them.
    static var isRequired: Bool {
        environment["CI"] != nil || environment["RT_PG_REQUIRED"] != nil
    }

    static var isConfigured: Bool { environment["RT_PG_HOST"] != nil }

    /// The server's configuration, tagged with `application` (so a test can find its backends).
    static func configuration(application: String = "reactivetoolkit-tests") throws -> PostgresConnection.Configuration {
        let host = try #require(
            environment["RT_PG_HOST"],
            "RT_PG_HOST is not set: start a server with Integrations/Scripts/postgres.sh start and eval its env")
        let port = Int(environment["RT_PG_PORT"] ?? "") ?? 5432
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: environment["RT_PG_USER"] ?? "postgres", password: nil,
            database: environment["RT_PG_DATABASE"] ?? "postgres", tls: .disable)
        configuration.options.additionalStartupParameters = [("application_name", application)]
        return configuration
    }

    /// A fresh journal name, so tests running in parallel never share a log.
    static func uniqueName() -> String {
        "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    }

    static let logger = Logger(label: "ReactiveToolkitPostgresTests")

    /// Runs `body` on a fresh connection of the test's own.
    @discardableResult
    static func withConnection<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await PostgresConnection.connect(
            configuration: configuration(application: "reactivetoolkit-tests-admin"), id: 0, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// The log's actions in order, decoded.
    static func log<Action: Decodable>(_ name: String, as type: Action.Type) async throws -> [Action] {
        try await withConnection { connection in
            var actions: [Action] = []
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT payload FROM \(name)_actions ORDER BY seq"), logger: logger)
            for try await payload in rows.decode(ByteBuffer.self) where payload.readableBytes > 0 {  // not skipped
                actions.append(try JSONDecoder().decode(Action.self, from: Data(payload.readableBytesView)))
            }
            return actions
        }
    }

    /// The number of rows of the log (compaction deletes the old ones).
    static func rowCount(_ name: String) async throws -> Int64 {
        try await scalar("SELECT count(*)::bigint FROM \(name)_actions")
    }

    /// The first value of a query returning one `bigint`.
    static func scalar(_ sql: String) async throws -> Int64 {
        try await withConnection { connection in
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int64.self) {
                return value
            }
            return 0
        }
    }

    /// The highest sequence number in the log.
    static func lastSequence(_ name: String) async throws -> Int64 {
        try await withConnection { connection in
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT coalesce(max(seq), 0)::bigint FROM \(name)_actions"), logger: logger)
            for try await value in rows.decode(Int64.self) { return value }
            return 0
        }
    }

    /// Drops the journal's tables, procedure and function.
    static func drop(_ name: String) async {
        _ = try? await withConnection { connection in
            for table in ["actions", "snapshots", "counter", "instances", "lease", "gateway"] {
                try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(name)_\(table)"), logger: logger)
            }
            try await connection.query(PostgresQuery(unsafeSQL: "DROP PROCEDURE IF EXISTS \(name)_append_v1"), logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: "DROP FUNCTION IF EXISTS \(name)_flush_v1"), logger: logger)
        }
    }
}

/// The state a single process gets by reducing `actions` in order.
func replay(_ actions: [LedgerAction]) -> Ledger {
    var state = Ledger()
    for action in actions {
        do throws(StoreError) { try ledgerReducer(&state, action) } catch {}
    }
    return state
}

/// Waits (polling, bounded) until `condition` holds; fails the test past the deadline.
func eventually(
    _ what: String, within timeout: Duration = .seconds(20), _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("timed out after \(timeout) waiting until \(what)")
    throw CancellationError()
}

/// Opens an instance of the ledger store on journal `name`.
func openLedger(
    _ name: String, application: String = "reactivetoolkit-tests", options: (inout PostgresJournalOptions) -> Void = { _ in }
) async throws -> (Store<Ledger, LedgerAction>, PostgresJournal<Ledger, LedgerAction>) {
    var journalOptions = PostgresJournalOptions(name: name, queryTimeout: .seconds(10), connectTimeout: .seconds(5))
    options(&journalOptions)
    let journal = try PostgresJournal<Ledger, LedgerAction>(
        configuration: try TestServer.configuration(application: application), options: journalOptions)
    let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
    return (store, journal)
}
