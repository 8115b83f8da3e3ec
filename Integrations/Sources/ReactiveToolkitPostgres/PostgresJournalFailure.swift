public import Foundation

/// A failure of a ``PostgresJournal`` with the time it happened, as shown by
/// ``PostgresJournal/infrastructureFailure`` and ``PostgresJournal/lastRefusal``.
///
/// ```swift
/// // GET /health: 503 while the database is away, with why and since when.
/// if let failure = journal.infrastructureFailure {
///     return json(.serviceUnavailable, ["database": failure.error.description, "since": "\(failure.date)"])
/// }
/// ```
public struct PostgresJournalFailure: Sendable, Equatable {
    /// What failed; its description carries PostgreSQL's SQLSTATE and message, or the network
    /// error, with passwords and connection strings removed.
    public var error: PostgresJournalError
    /// When it happened (the latest occurrence).
    public var date: Date

    /// Creates a failure record.
    ///
    /// - Parameters:
    ///   - error: The failure.
    ///   - date: When it happened.
    public init(error: PostgresJournalError, date: Date) {
        self.error = error
        self.date = date
    }
}
