/// A ``FileJournal``'s mutable state, in its lock box.
///
/// Sequences count the actions of the log from 1: `sequence` is the last written, `synced` the
/// last known to be on the disk, `reduced` the last whose reducer ran (the live state is the
/// state after the actions 1...`reduced`). Under group commit `reduced ≤ synced ≤ sequence`;
/// otherwise all three move together.
struct JournalState {
    /// The descriptor holding the folder's `flock`; -1 once closed.
    var lockDescriptor: Int32
    var descriptor: Int32 = -1
    var sequence: UInt64 = 0
    var journalBase: UInt64 = 0
    var snapshotSequence: UInt64 = 0
    /// Where the journal file ends (the next record's offset).
    var end: UInt64 = 0
    var dirty = false
    var restored = false
    var recovery = JournalRecovery()
    /// An append or sync failed in a way that leaves the file's content unknown.
    var failure: JournalError?
    /// The failure of the append in progress, for the reducer guard to refuse its action.
    var refused: JournalError?
    var lastError: JournalError?

    // Group commit (the `always` policy).
    var synced: UInt64 = 0
    var reduced: UInt64 = 0
    /// Written actions held until a sync covers them, in the log's order.
    var waiting: [JournalWaiter] = []
    /// Actions a sync covered (or a failure refused), to be passed on by the sync queue, in
    /// the log's order: only the sync queue passes actions on, so their order is the log's.
    var releasable: [JournalWaiter] = []
    /// Whether a sync round is scheduled or running on the sync queue.
    var syncing = false
    /// Whether a lone sender's action is synced at once on the role thread (no hop to the sync
    /// queue and back): on until actions queue behind the role during such a sync, on again
    /// after a sync round that covered one action with nothing written meanwhile.
    var syncsInline = true
    /// The actions from this sequence on were refused after a failed `fsync`.
    var failedFrom: UInt64?
    /// Where each written action not reduced yet ends in the file, from `unreducedHead` on (the
    /// compaction keeps these records: the snapshot holds only the reduced ones).
    var unreducedEnds: [UInt64] = []
    var unreducedHead = 0
    /// Where the last reduced action ends in the file (the first unreduced one starts there).
    var reducedEnd: UInt64 = 0

    // Snapshot back-off after a failure (a full disk).
    /// How many appends to let pass before the next snapshot attempt.
    var snapshotSkip = 0
    /// The back-off after the latest failure; doubled by each failure, 0 after a success.
    var snapshotBackoff = 0

    /// Counts action `sequence`, written up to `end`.
    mutating func wrote(sequence: UInt64, end: UInt64) {
        self.sequence = sequence
        self.end = end
        unreducedEnds.append(end)
    }

    /// Counts the next written action as reduced.
    mutating func reduceNext() {
        reduced += 1
        guard unreducedHead < unreducedEnds.count else { return }
        reducedEnd = unreducedEnds[unreducedHead]
        unreducedHead += 1
        if unreducedHead >= 1_024, unreducedHead * 2 >= unreducedEnds.count {
            unreducedEnds.removeFirst(unreducedHead)
            unreducedHead = 0
        }
    }

    /// Moves the waiting actions a sync up to `synced` covers to `releasable`.
    mutating func releaseSynced() {
        let count = waiting.prefix { $0.sequence <= synced }.count
        guard count > 0 else { return }
        releasable += waiting.prefix(count)
        waiting.removeFirst(count)
    }

    /// Stops the journal after a failed `fsync`: every waiting action is refused (passed on to
    /// the reducer guard, which throws), and so is every later append.
    mutating func fail(_ error: JournalError) {
        if failure == nil { failure = .failed(reason: error.description) }
        lastError = error
        guard let first = waiting.first else { return }
        failedFrom = min(failedFrom ?? first.sequence, first.sequence)
        releasable += waiting
        waiting = []
    }

    /// Whether the caller must start sync rounds (after unlocking) to pass on what is releasable.
    mutating func needsSyncRounds() -> Bool {
        guard !releasable.isEmpty, !syncing else { return false }
        syncing = true
        return true
    }
}

/// An action written to the journal and held until a sync covers it.
struct JournalWaiter: Sendable {
    var sequence: UInt64
    /// Passes the action on to the reducer (``HeldAction/resume()``).
    var resume: @Sendable () -> Void
}

/// The file names in a journal's folder.
struct JournalPaths: Sendable {
    let folder: String
    var journal: String { folder + "/journal" }
    var journalTemporary: String { folder + "/journal.tmp" }
    var snapshot: String { folder + "/snapshot" }
    var snapshotTemporary: String { folder + "/snapshot.tmp" }
}

/// Test seams: failures to inject and points to observe. Empty in normal use (one branch each).
struct JournalHooks: Sendable {
    /// Called on the sync queue before each sync round decides what it covers.
    var willSync: (@Sendable () -> Void)?
    /// An `errno` to fail the group commit's `fsync` with.
    var syncFailure: (@Sendable () -> Int32?)?
    /// Called after a group commit's `fsync` (or a lone sender's, or a compaction's, which syncs
    /// the new journal) succeeded, with the last sequence it covers, before any action it covers is released.
    var didSync: (@Sendable (UInt64) -> Void)?
    /// An `errno` to fail an append's `write` with (before anything is written).
    var writeFailure: (@Sendable () -> Int32?)?
    /// An `errno` to fail a snapshot's write with; called once per snapshot attempt.
    var snapshotFailure: (@Sendable () -> Int32?)?
    /// Whether a lone sender's action may be synced on the role thread (off: every action goes
    /// through the sync queue, for tests of the grouping itself).
    var allowsInlineSync = true
}
