import IntegrationsTestSupport
import PostgresNIO
@testable import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// The journal's reasons: PostgreSQL's own words, never its secrets.
@Suite struct ReasonTests {
    static let password = "s3cret-Pa55"

    @Test func theRedactorRemovesThePasswordConnectionStringsAndPasswordPairs() throws {
        var configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: 1, username: "orders", password: Self.password, database: "orders", tls: .disable)
        configuration.options.connectTimeout = .seconds(1)
        let redactor = ReasonRedactor(configuration: configuration)
        let text = redactor.redact(
            "failed for postgres://orders:\(Self.password)@db:5432/orders (host=db password=\(Self.password) user=orders), postgresql://u:p@h/d")
        #expect(!text.contains(Self.password))
        #expect(!text.contains("u:p@h"))
        #expect(text.contains("postgres://<redacted>"))
        #expect(text.contains("password=<redacted>"))
        #expect(text.contains("user=orders"))
    }

    @Test(.enabled(if: TestServer.isConfigured || TestServer.isRequired))
    func aMissingDatabaseIsNamedWithItsSQLStateAndNoSecret() async throws {
        var configuration = try TestServer.configuration()
        configuration.database = "no_such_database_here"
        configuration.password = Self.password
        let journal = try PostgresJournal<Ledger, LedgerAction>(
            configuration: configuration, options: PostgresJournalOptions(name: "missing", connectTimeout: .seconds(5)))
        let reason = try await Self.startFailure(journal)
        #expect(reason.contains("3D000"))
        #expect(reason.contains("no_such_database_here"))
        #expect(!reason.contains("Generic description"))
        #expect(!reason.contains(Self.password))
    }

    @Test func aRefusedConnectionSaysSoAndNoSecret() async throws {
        var configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: 1, username: "postgres", password: Self.password, database: "postgres", tls: .disable)
        configuration.options.connectTimeout = .seconds(2)  // nothing listens on port 1
        let journal = try PostgresJournal<Ledger, LedgerAction>(
            configuration: configuration, options: PostgresJournalOptions(name: "unreachable", connectTimeout: .seconds(2)))
        let reason = try await Self.startFailure(journal)
        #expect(reason.lowercased().contains("refused"))
        #expect(!reason.contains("Generic description"))
        #expect(!reason.contains(Self.password))
    }

    /// The reason the store's start failed with.
    static func startFailure(_ journal: PostgresJournal<Ledger, LedgerAction>) async throws -> String {
        do throws(PostgresJournalError) {
            _ = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        } catch {
            guard case .connection(let reason) = error else {
                Issue.record("expected a connection failure, got \(error)")
                return ""
            }
            return reason
        }
        Issue.record("the store started")
        return ""
    }
}
