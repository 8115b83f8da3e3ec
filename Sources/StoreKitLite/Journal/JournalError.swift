/// Why a ``FileJournal`` could not open, recover or append.
///
/// Opening never crashes and never silently starts empty or from a wrong state: damage other than
/// a torn last record (a crash in the middle of an append, which is dropped) is reported with the
/// file and, for the journal, the byte offset where it starts. ``FileJournal/repair(folder:options:)``
/// removes such damage on request, keeping a copy of what it removes.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed: the operation, the file, and `errno`.
    case io(operation: String, path: String, errno: Int32)
    /// Another process (or another ``FileJournal`` in this one) has the journal's folder open.
    case locked(path: String)
    /// A record in the middle of the journal, or the file's header, is damaged: its frame or
    /// checksum does not match, or its length points past the end of the file although intact
    /// records follow. Nothing was applied from it or after it.
    case corruptRecord(path: String, offset: UInt64, reason: String)
    /// An intact record at `offset` carries sequence `found` where `expected` was due: a record
    /// before it was deleted (`found > expected`), or this one is a duplicate or was moved.
    case recordOutOfSequence(path: String, offset: UInt64, expected: UInt64, found: UInt64)
    /// The journal file is missing although a snapshot of `snapshotSequence` actions exists
    /// (deleted, or lost with its folder entry): the actions after the snapshot are unknown.
    case missingJournal(path: String, snapshotSequence: UInt64)
    /// The snapshot includes more actions than the journal ever held (`journalSequence`, the
    /// last record's sequence): the journal is older than the snapshot (say, restored from a
    /// backup on its own).
    case snapshotAheadOfJournal(path: String, snapshotSequence: UInt64, journalSequence: UInt64)
    /// The journal was written in a format this version does not read (`format`, the file's
    /// magic: `RTKJRNL1`, the format before sequence numbers). Nothing was changed.
    case unsupportedFormat(path: String, format: String)
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
        case .recordOutOfSequence(let path, let offset, let expected, let found):
            found < expected
                ? "record \(found) again in \(path) at offset \(offset), where record \(expected) was due (a duplicated or moved record)"
                : "record \(found) in \(path) at offset \(offset), where record \(expected) was due (a missing or moved record)"
        case .missingJournal(let path, let snapshot):
            "journal \(path) is missing beside a snapshot of \(snapshot) actions"
        case .snapshotAheadOfJournal(let path, let snapshot, let journal):
            "the snapshot holds \(snapshot) actions but journal \(path) ends at action \(journal)"
        case .unsupportedFormat(let path, let format): "journal \(path) has the unsupported format \(format)"
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
