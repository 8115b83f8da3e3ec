import Foundation
public import ReactiveToolkitInspector
import ReactiveToolkitInspectorCore
import ReactiveToolkitPostgres
import StoreKitLite

/// Where a post-mortem reads a shared store's log from.
public enum LogStart: String, Sendable {
    /// The latest snapshot and the actions after it (the most recent history; the default).
    case snapshot
    /// The first action (the whole history, if the log was never compacted).
    case start
}

/// The post-mortem of a shared orders store: its PostgreSQL log read read-only
/// (`PostgresJournalReader`), replayed with the service's reducer and served by the store
/// inspector, to step through (`orders-service --postgres URL --inspect-log`).
public enum PostMortem {
    /// Reads the log and serves it.
    ///
    /// - Parameters:
    ///   - configuration: The service's configuration: its PostgreSQL settings, and the
    ///     inspector's port, token and history bound.
    ///   - start: Where to start reading.
    /// - Returns: The inspector's server (its `url` has the token).
    /// - Throws: `PostgresJournalError` (no such journal, a damaged log, the server unreachable),
    ///   or the error that stopped binding.
    public static func serve(_ configuration: OrdersServerConfiguration, from start: LogStart) async throws -> InspectorServer {
        guard let postgres = configuration.postgres else { throw PostgresJournalError.missingLog(name: "(no --postgres URL)") }
        let reader = try PostgresJournalReader<OrdersState, OrdersAction>(
            configuration: postgres.connectionConfiguration, name: postgres.journalName, logger: configuration.logger)
        let contents = try await reader.read(from: start == .start ? .beginning : .latestSnapshot)
        var options = InspectorOptions()
        if let history = configuration.inspectorHistory { options.maximumActions = max(1, history) }
        let journal = InspectedJournal(contents, initialState: OrdersState(), reducer: serviceReducer, options: options)
        return try await InspectorServer.start(
            journal,
            configuration: InspectorServer.Configuration(port: configuration.inspectorPort ?? 0, token: configuration.inspectorToken),
            announce: false)
    }
}
