public import Foundation

/// Reads a ``FileJournal``'s folder without changing it: the latest snapshot and the actions
/// after it, for a post-mortem (a store inspector steps through them) or an audit.
///
/// ```swift
/// let reader = FileJournalReader<Orders, OrderAction>(folder: dataFolder)
/// let contents = try reader.read()
/// print(contents.snapshotSequence, contents.entries.count)   // 1200 37
/// ```
///
/// A reader never writes, never creates or removes a file, and never takes the folder's lock: it
/// can read a folder a running journal (or a crashed process's) holds. What it reads is bounded
/// by the same limits as a journal (``JournalOptions/maxSnapshotBytes``,
/// ``JournalOptions/maxRecordBytes`` and the journal file's bound), and it checks the files as
/// opening a journal does:
/// - a torn tail (a crash in the middle of the last append, or an append in progress) is
///   ignored, not cut off, and said in ``JournalContents/notes``;
/// - any other damage is the ``JournalError`` opening would throw (`corruptRecord`,
///   `recordOutOfSequence`, `missingJournal`, `snapshotAheadOfJournal`, `corruptSnapshot`,
///   `unsupportedFormat`, `tooLarge`, `io`), and nothing is returned;
/// - an intact record whose action does not decode is an entry
///   (``JournalEntry/Content/undecodable(reason:)``) rather than an error, so that a post-mortem
///   shows where it is (a store refuses to open on it).
///
/// A journal that snapshots while it is being read may replace both files between the two
/// reads; the reader then reads again (at most five times) before it reports the mismatch.
public struct FileJournalReader<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    /// The journal's folder.
    public let folder: URL
    /// The bounds to read with.
    public let options: JournalOptions

    /// Creates a reader of a folder; nothing is read until ``read()``.
    ///
    /// - Parameters:
    ///   - folder: The journal's folder.
    ///   - options: The bounds (the journal's own options, or the defaults).
    public init(folder: URL, options: JournalOptions = JournalOptions()) {
        self.folder = folder
        self.options = options
    }

    /// Reads the latest snapshot and every action after it.
    ///
    /// - Returns: The snapshot's state (if any) and the entries after it.
    /// - Throws: ``JournalError``: `io` (no `journal` file in the folder is
    ///   `io(operation: "open", …, errno: ENOENT)`), `tooLarge`, and the damage opening a
    ///   journal reports.
    public func read() throws(JournalError) -> JournalContents<State, Action> {
        let paths = JournalPaths(folder: folder.path)
        var attempt = 0
        while true {
            attempt += 1
            do throws(JournalError) {
                return try readOnce(paths)
            } catch {
                switch error {
                case .snapshotAheadOfJournal where attempt < 5, .missingRecords where attempt < 5:
                    continue  // a snapshot and its compaction happened between the two reads
                default:
                    throw error
                }
            }
        }
    }

    private func readOnce(_ paths: JournalPaths) throws(JournalError) -> JournalContents<State, Action> {
        let snapshotFile = try JournalFiles.read(paths.snapshot, limit: options.maxSnapshotBytes, kind: "snapshot")
        let journal = try JournalFiles.read(paths.journal, limit: options.journalByteLimit, kind: "journal")
        // A snapshot without its journal is `missingJournal`; neither file is no journal at all.
        let history = try JournalHistory(
            snapshot: snapshotFile, journal: journal, paths: paths, maxRecordBytes: options.maxRecordBytes)
        guard let journalFile = journal else { throw .io(operation: "open", path: paths.journal, errno: ENOENT) }
        var snapshot: State?
        if let payload = history.snapshot {
            snapshot = try Self.decode(State.self, payload) { .corruptSnapshot(path: paths.snapshot, reason: $0) }
        }
        var entries: [JournalEntry<Action>] = []
        var notes: [String] = []
        if let scan = history.scan {
            let decoder = JSONDecoder()
            for record in scan.records where record.sequence > history.snapshotSequence {
                let content: JournalEntry<Action>.Content
                do {
                    content = .action(try decoder.decode(Action.self, from: Data(journalFile[record.payload])))
                } catch {
                    content = .undecodable(reason: String(describing: error))
                }
                entries.append(JournalEntry(sequence: record.sequence, content: content))
            }
            if scan.tornBytes > 0 {
                notes.append("a torn tail of \(scan.tornBytes) bytes after action \(scan.last) was ignored (a crash, or an append in progress)")
            }
        }
        return JournalContents(
            source: "FileJournal \(folder.path)", snapshotSequence: history.snapshotSequence, snapshot: snapshot,
            entries: entries, notes: notes)
    }

    private static func decode<T: Decodable>(
        _: T.Type, _ bytes: ArraySlice<UInt8>, failure: (String) -> JournalError
    ) throws(JournalError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw failure(String(describing: error))
        }
    }
}
