import Foundation
import StreamCore

extension FileJournal {
    /// Loads the snapshot, replays the journal after it, drops a torn tail and opens the journal
    /// for appending. Once per journal (the store's initializer).
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
            // No journal yet, or one the snapshot overtook (a crash before compaction, after a
            // power loss took unsynced records): start an empty one after the snapshot.
            let records = UInt64(scan?.records.count ?? 0)
            let stale = scan.map { $0.base + records < history.snapshotSequence } ?? true
            if journalBytes == nil || stale {
                try JournalFiles.replace(
                    paths.journal, with: JournalFormat.journalHeader(base: history.snapshotSequence),
                    through: paths.journalTemporary, sync: durable)
                if durable { try JournalFiles.syncDirectory(paths.folder) }
            }
            let descriptor = try JournalFiles.openForAppend(paths.journal)
            inner.descriptor = descriptor
            if let scan, !stale, scan.tornBytes > 0 {
                try JournalFiles.truncate(descriptor, to: UInt64(scan.end), path: paths.journal)
                if durable { try JournalFiles.sync(descriptor, path: paths.journal) }
            }
            let base = stale ? history.snapshotSequence : scan?.base ?? history.snapshotSequence
            inner.journalBase = base
            inner.snapshotSequence = history.snapshotSequence
            inner.sequence = stale ? base : base + records
            inner.end = UInt64(stale ? JournalFormat.journalHeaderSize : scan?.end ?? JournalFormat.journalHeaderSize)
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
        let history = try readHistory()
        var state = try snapshotState(history) ?? initialState
        _ = try replay(history, onto: &state, reducer: reducer)
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
                // Bounded: a journal holds at most `snapshotEvery` records, unless snapshots fail.
                let journalLimit = Int(clamping: Int64(options.snapshotEvery + 1) * Int64(options.maxRecordBytes + 12) * 4)
                let journal = try JournalFiles.read(paths.journal, limit: journalLimit, kind: "journal")
                return .success((snapshot, journal))
            } catch {
                return .failure(error)
            }
        }.get()
        var history = JournalHistory()
        if let snapshot = files.0 {
            let (sequence, payload) = try JournalFormat.readSnapshot(snapshot, path: paths.snapshot)
            history.snapshotSequence = sequence
            history.snapshot = payload
        }
        if let journal = files.1 {
            let scan = try JournalFormat.scan(journal, path: paths.journal, maxRecordBytes: options.maxRecordBytes)
            guard scan.base <= history.snapshotSequence else {
                throw .missingRecords(snapshotSequence: history.snapshotSequence, journalBase: scan.base)
            }
            history.journal = journal
            history.scan = scan
        }
        return history
    }

    /// Applies the journaled actions after the snapshot; returns how many.
    func replay(
        _ history: JournalHistory, onto state: inout State, reducer: Reducer<State, Action>
    )
        throws(JournalError) -> Int
    {
        guard let scan = history.scan, let journal = history.journal else { return 0 }
        var replayed = 0
        for (index, record) in scan.records.enumerated() where scan.base + UInt64(index) + 1 > history.snapshotSequence {
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
}
