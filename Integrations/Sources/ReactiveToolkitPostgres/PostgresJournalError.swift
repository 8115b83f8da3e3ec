/// Why a ``PostgresJournal`` could not open, restore, append or apply.
///
/// None of these crash the process; a connection failure is retried (and shown by
/// ``PostgresJournal/connectionStatus``), an action that could not be written is refused.
public enum PostgresJournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ``PostgresJournalOptions/name`` is not a safe SQL identifier.
    case invalidName(String)
    /// An action or a state encodes to more bytes than the options allow; nothing was written.
    case tooLarge(kind: String, bytes: Int, limit: Int)
    /// An action or a state could not be encoded; nothing was written.
    case unencodable(reason: String)
    /// An action in the log could not be decoded (say, after a change of the action type, or a
    /// row written by hand): this instance stops there, rather than diverge from the others.
    ///
    /// A running instance stops its store's journal: every `send` waiting for its place, and
    /// every later one, throws `StoreError.refusing(thisError)` (read it back with
    /// `error.refusal(as: PostgresJournalError.self)`), its writer appends nothing more,
    /// ``PostgresJournal/infrastructureFailure`` shows it and ``PostgresJournal/connectionStatus``
    /// is `.failed(thisError)`. A new instance throws it from its store's initializer. An
    /// operator can replace the row by a "no action" marker with
    /// ``PostgresJournal/skipUndecodableAction(at:configuration:name:timeout:logger:)`` and restart.
    case undecodableAction(sequence: Int64, reason: String)
    /// The log's actions after `applied`, this instance's position, were deleted by compaction
    /// (``PostgresJournalOptions/retainedActions``) while it was away longer than
    /// ``PostgresJournalOptions/instanceExpiry``: it cannot catch up without diverging, so it
    /// stops like for an undecodable action. Restart it: it loads the latest snapshot.
    case behindCompaction(applied: Int64, oldestRetained: Int64)
    /// The latest snapshot could not be decoded or is over ``PostgresJournalOptions/maxSnapshotBytes``.
    case undecodableSnapshot(sequence: Int64, reason: String)
    /// A query or a connection attempt passed its deadline.
    case timedOut(operation: String, after: Duration)
    /// The server could not be reached, or a query failed.
    case connection(reason: String)
    /// The journal was closed.
    case closed
    /// An action sent while this instance led the effects, under lease epoch `epoch`, reached
    /// the log after another instance took the lease over (it is at `current`): it is refused,
    /// nothing is written, so that an old leader cannot act (Decision 0027).
    case fenced(epoch: Int64, current: Int64)
    /// A ``PostgresJournalReader`` found no journal with this name (its actions table does not
    /// exist); nothing was created.
    case missingLog(name: String)
    /// A ``PostgresJournalReader`` found the log damaged: a place missing in the middle (the log's
    /// sequence is dense; compaction only deletes a prefix).
    case inconsistentLog(reason: String)

    /// A readable description of the failure.
    public var description: String {
        switch self {
        case .invalidName(let name):
            "invalid journal name \"\(name)\": use a lowercase letter or _, then lowercase letters, digits or _ (at most 40)"
        case .tooLarge(let kind, let bytes, let limit): "\(kind) of \(bytes) bytes exceeds the limit of \(limit)"
        case .unencodable(let reason): "cannot encode: \(reason)"
        case .undecodableAction(let sequence, let reason): "cannot decode action \(sequence): \(reason)"
        case .undecodableSnapshot(let sequence, let reason): "cannot decode the snapshot at \(sequence): \(reason)"
        case .behindCompaction(let applied, let oldest):
            "the log after \(applied) was compacted (the oldest action kept is \(oldest)): restart to load the snapshot"
        case .timedOut(let operation, let after): "\(operation) timed out after \(after)"
        case .connection(let reason): "PostgreSQL: \(reason)"
        case .closed: "the journal is closed"
        case .fenced(let epoch, let current):
            "fenced: sent under effects lease epoch \(epoch), but the lease is at epoch \(current)"
        case .missingLog(let name): "no journal named \(name): its table \(name)_actions does not exist"
        case .inconsistentLog(let reason): "the log is damaged: \(reason)"
        }
    }
}

/// The state of a ``PostgresJournal``'s connection to the server, as observed through
/// ``PostgresJournal/connectionStatus``.
public enum PostgresConnectionStatus: Sendable, Equatable {
    /// Opening the first connection.
    case connecting
    /// Connected and following the log.
    case connected
    /// The connection was lost (or could not be opened): the journal retries after `delay`.
    /// Actions sent meanwhile wait, at most ``PostgresJournalOptions/sendTimeout`` (or fail at
    /// once with ``PostgresJournalOptions/failFastWhileReconnecting``); none that was
    /// acknowledged is lost. `reason` says why (SQLSTATE and message, or the network error).
    case reconnecting(attempt: Int, delay: Duration, reason: String)
    /// The journal stopped applying the log (an action it cannot decode, or a log compacted past
    /// its position); it needs an upgrade, an operator or a restart, not a retry.
    case failed(PostgresJournalError)
    /// ``PostgresJournal/close()`` was called.
    case closed
}
