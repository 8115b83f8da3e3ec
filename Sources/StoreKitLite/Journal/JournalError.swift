/// Why a ``FileJournal`` could not open, recover or append.
///
/// Opening never crashes and never silently starts empty: damage other than a torn last record
/// (a crash in the middle of an append, which is dropped) is reported with the file and the byte
/// offset where it starts.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed: the operation, the file, and `errno`.
    case io(operation: String, path: String, errno: Int32)
    /// Another process (or another ``FileJournal`` in this one) has the journal's folder open.
    case locked(path: String)
    /// A record in the middle of the journal, or the file's header, is damaged: its frame or
    /// checksum does not match. Nothing was applied from it or after it.
    case corruptRecord(path: String, offset: UInt64, reason: String)
    /// A record's checksum matched but its action could not be decoded (say, after a change of
    /// the action type).
    case undecodableRecord(path: String, offset: UInt64, reason: String)
    /// The snapshot file is damaged or cannot be decoded.
    case corruptSnapshot(path: String, reason: String)
    /// The journal starts after the snapshot: the actions in between are missing.
    case missingRecords(snapshotSequence: UInt64, journalBase: UInt64)
    /// An action or a state encodes to more bytes than the options allow; nothing was written.
    case tooLarge(kind: String, bytes: Int, limit: Int)
    /// An action or a state could not be encoded; nothing was written.
    case unencodable(reason: String)
    /// An earlier `fsync` failed, so what reached the disk is unknown: the journal accepts no
    /// more actions (reopen it to recover from what is on disk).
    case failed(reason: String)
    /// The journal was closed (``FileJournal/close()``): it accepts no more actions.
    case closed(path: String)
    /// The determinism check found that replaying the journal does not give the live state.
    case replayMismatch(sequence: UInt64)

    /// A readable description of the failure.
    public var description: String {
        switch self {
        case .io(let operation, let path, let errno): "\(operation) \(path) failed: errno \(errno)"
        case .locked(let path): "journal \(path) is open elsewhere"
        case .corruptRecord(let path, let offset, let reason): "corrupt record in \(path) at offset \(offset): \(reason)"
        case .undecodableRecord(let path, let offset, let reason):
            "undecodable record in \(path) at offset \(offset): \(reason)"
        case .corruptSnapshot(let path, let reason): "corrupt snapshot \(path): \(reason)"
        case .missingRecords(let snapshot, let base):
            "journal starts after action \(base) but the snapshot holds only \(snapshot)"
        case .tooLarge(let kind, let bytes, let limit): "\(kind) of \(bytes) bytes exceeds the limit of \(limit)"
        case .unencodable(let reason): "cannot encode: \(reason)"
        case .failed(let reason): "journal failed: \(reason)"
        case .closed(let path): "journal \(path) is closed"
        case .replayMismatch(let sequence): "replaying the journal up to action \(sequence) does not give the live state"
        }
    }
}
