import Foundation
public import PostgresNIO

/// Where a shared orders store keeps its journal: a PostgreSQL server and the journal's name.
///
/// Instances started with the same server and name share one store: each appends its actions
/// to the journal's log and applies the others' (``ReactiveToolkitPostgres/PostgresJournal``).
///
/// ```swift
/// configuration.postgres = try PostgresSettings(url: "postgres://orders@127.0.0.1:5432/orders")
/// ```
public struct PostgresSettings: Sendable, Hashable {
    /// The server's host.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The user.
    public var username: String
    /// The password, if the server asks for one (never logged).
    public var password: String?
    /// The database.
    public var database: String
    /// The journal's name: the prefix of its tables and its notification channel.
    public var journalName: String

    /// Creates settings.
    public init(
        host: String, port: Int = 5432, username: String = "postgres", password: String? = nil,
        database: String = "postgres", journalName: String = "orders"
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.journalName = journalName
    }

    /// Reads `postgres://USER[:PASSWORD]@HOST[:PORT][/DATABASE]` (or `postgresql://`).
    ///
    /// - Throws: ``BadRequest`` with what is wrong, if it is not such a URL.
    public init(url text: String, journalName: String = "orders") throws(BadRequest) {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? ""),
            let host = url.host, !host.isEmpty
        else {
            throw BadRequest(message: "not a postgres://user@host:port/database URL")
        }
        let database = url.path.drop(while: { $0 == "/" })
        self.init(
            host: host, port: url.port ?? 5432, username: url.user ?? "postgres", password: url.password,
            database: database.isEmpty ? "postgres" : String(database), journalName: journalName)
    }

    /// postgres-nio's configuration (no TLS: the example talks to a server on its own network).
    public var connectionConfiguration: PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
        configuration.options.additionalStartupParameters = [("application_name", "orders-service")]
        return configuration
    }

    /// What the start-up line shows: no password.
    public var redactedDescription: String {
        "postgres://\(username)@\(host):\(port)/\(database) journal \(journalName)"
    }
}

/// Whether this instance runs the side-effecting feedbacks (the payments).
///
/// With several instances sharing one store, each instance's feedbacks see every state, the
/// ones the other instances' actions made too, so a payment feedback attached on two instances
/// would pay every order twice. `.leased` (the PostgreSQL mode's default) lets every instance
/// run with effects: the journal's effects lease (Decision 0027) elects one of them, which runs
/// the payments while it holds the lease; another takes over when it stops or dies.
public enum EffectsMode: String, Sendable, Hashable, CaseIterable {
    /// This instance always pays the orders (the in-memory default; with a shared store, for
    /// one instance only, the others `.off`).
    case on
    /// This instance never starts a payment; another instance does.
    case off
    /// This instance pays the orders while it holds the shared journal's effects lease (the
    /// PostgreSQL mode's default; in memory, the same as `.on`: there is nobody to share with).
    case leased
}
