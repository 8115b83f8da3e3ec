import Foundation
import StreamCore

extension FileJournal {
    /// Loads the snapshot, replays the journal after it, cuts a torn tail off and opens the
    /// journal for appending; throws on any other damage, changing nothing. Once per journal
    /// (the store's initializer).
    func restore(initialState: State, reducer: Reducer<State, Action>) throws(JournalError) -> State {
        let (alreadyRestored, closed) = box.withLock { state in
            defer { state.restored = true }
            return (state.restored, state.lockDescriptor < 0)
        }
        if closed { throw .closed(path: paths.folder) }
        if alreadyRestored { throw .failed(reason: "the journal already backs a store") }
        let history = try readHistory()
        var state = try snapshotState(history) ?? initialState
        let replayed = try replay(history, onto: &state, reducer: reducer)
        let journalBytes = history.journal
        let scan = history.scan
        let paths = self.paths
        let durable = options.sync != .never
        try box.withLock { inner -> Result<Void, JournalError> in
            do throws(JournalError) {
                try open(&inner)
                return .success(())
            } catch {
                return .failure(error)
            }
        }.get()
        return state

        func open(_ inner: inout JournalState) throws(JournalError) {
            // A new folder (readHistory refuses a snapshot without its journal): an empty journal.
            if journalBytes == nil {
                try JournalFiles.replace(
                    paths.journal, with: JournalFormat.journalHeader(base: history.snapshotSequence),
                    through: paths.journalTemporary, sync: durable)
                if durable { try JournalFiles.syncDirectory(paths.folder) }
            }
            let descriptor = try JournalFiles.openForAppend(paths.journal)
            inner.descriptor = descriptor
            // A torn tail (a crash in the middle of the last append) is the only damage cut off.
            if let scan, scan.tornBytes > 0 {
                try JournalFiles.truncate(descriptor, to: UInt64(scan.end), path: paths.journal)
                if durable { try JournalFiles.sync(descriptor, path: paths.journal) }
            }
            let last = scan?.last ?? history.snapshotSequence
            inner.journalBase = scan?.base ?? history.snapshotSequence
            inner.snapshotSequence = history.snapshotSequence
            inner.sequence = last
            inner.synced = last
            inner.reduced = last
            let end = UInt64(scan?.end ?? JournalFormat.journalHeaderSize)
            inner.end = end
            inner.reducedEnd = end
            inner.recovery = JournalRecovery(
                snapshotSequence: history.snapshotSequence, replayedActions: replayed,
                droppedTornBytes: scan?.tornBytes ?? 0)
        }
    }

    /// The state the journal's files give: the snapshot (or `initialState`) with the journaled
    /// actions replayed by `reducer`. A debug check of determinism: while no action is being sent,
    /// it equals the store's state if and only if the reducer is deterministic.
    ///
    /// ```swift
    /// assert(try journal.replayedState(initialState: Orders(), reducer: orders) == store.state)
    /// ```
    ///
    /// A torn tail is ignored (not cut off: the journal may be in use).
    ///
    /// - Parameters:
    ///   - initialState: The state the store started from before its first action.
    ///   - reducer: The store's reducer.
    /// - Returns: The replayed state.
    /// - Throws: The ``JournalError`` that opening the journal would throw.
    public func replayedState(initialState: State, reducer: Reducer<State, Action>) throws(JournalError) -> State {
        try replayedState(initialState: initialState, reducer: reducer, through: .max)
    }

    /// The state the files give after the actions 1...`last` (the debug check before a
    /// snapshot, which covers the reduced actions only).
    func replayedState(
        initialState: State, reducer: Reducer<State, Action>, through last: UInt64
    ) throws(JournalError) -> State {
        let history = try readHistory()
        var state = try snapshotState(history) ?? initialState
        _ = try replay(history, onto: &state, reducer: reducer, through: last)
        return state
    }

    /// The files' bytes, read under the lock (so never between a snapshot and its compaction),
    /// and checked; decoding (user code) happens after.
    func readHistory() throws(JournalError) -> JournalHistory {
        let paths = self.paths
        let options = self.options
        let files = try box.withLock { _ -> Result<([UInt8]?, [UInt8]?), JournalError> in
            do throws(JournalError) {
                let snapshot = try JournalFiles.read(paths.snapshot, limit: options.maxSnapshotBytes, kind: "snapshot")
                let journal = try JournalFiles.read(paths.journal, limit: options.journalByteLimit, kind: "journal")
                return .success((snapshot, journal))
            } catch {
                return .failure(error)
            }
        }.get()
        return try JournalHistory(snapshot: files.0, journal: files.1, paths: paths, maxRecordBytes: options.maxRecordBytes)
    }

    /// Applies the journaled actions after the snapshot; returns how many.
    func replay(
        _ history: JournalHistory, onto state: inout State, reducer: Reducer<State, Action>, through last: UInt64 = .max
    )
        throws(JournalError) -> Int
    {
        guard let scan = history.scan, let journal = history.journal else { return 0 }
        var replayed = 0
        for record in scan.records where record.sequence > history.snapshotSequence && record.sequence <= last {
            let action = try decode(Action.self, journal[record.payload]) {
                .undecodableRecord(path: paths.journal, offset: UInt64(record.offset), reason: $0)
            }
            // A refused action was refused when it was sent too: replay refuses it again.
            try? reducer(&state, action)
            replayed += 1
        }
        return replayed
    }

    /// The snapshot's state, if there is a snapshot.
    func snapshotState(_ history: JournalHistory) throws(JournalError) -> State? {
        guard let payload = history.snapshot else { return nil }
        return try decode(State.self, payload) { .corruptSnapshot(path: paths.snapshot, reason: $0) }
    }

    func decode<T: Decodable>(
        _: T.Type, _ bytes: ArraySlice<UInt8>, failure: (String) -> JournalError
    )
        throws(JournalError) -> T
    {
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw failure(String(describing: error))
        }
    }
}

/// A journal's files as read from disk.
struct JournalHistory {
    var snapshotSequence: UInt64 = 0
    var snapshot: ArraySlice<UInt8>?
    var journal: [UInt8]?
    var scan: JournalFormat.Scan?

    init() {}

    /// Checks the files against each other: the snapshot's and the journal's integrity, the
    /// records' sequence, and that the journal continues the snapshot.
    init(snapshot: [UInt8]?, journal: [UInt8]?, paths: JournalPaths, maxRecordBytes: Int) throws(JournalError) {
        if let snapshot {
            let (sequence, payload) = try JournalFormat.readSnapshot(snapshot, path: paths.snapshot)
            snapshotSequence = sequence
            self.snapshot = payload
        }
        guard let journal else {
            // Never a crash's doing: the journal is created before any snapshot, and replaced
            // by renaming, never removed.
            if snapshot != nil { throw .missingJournal(path: paths.journal, snapshotSequence: snapshotSequence) }
            return
        }
        let scan = try JournalFormat.scan(journal, path: paths.journal, maxRecordBytes: maxRecordBytes)
        guard scan.base <= snapshotSequence else {
            throw .missingRecords(snapshotSequence: snapshotSequence, journalBase: scan.base)
        }
        // The journal is synced before each snapshot is written, so it holds at least the
        // snapshot's actions (those up to the snapshot are skipped: a crash between writing the
        // snapshot and compacting the journal leaves them there).
        guard scan.last >= snapshotSequence else {
            throw .snapshotAheadOfJournal(path: paths.journal, snapshotSequence: snapshotSequence, journalSequence: scan.last)
        }
        self.journal = journal
        self.scan = scan
    }
}
