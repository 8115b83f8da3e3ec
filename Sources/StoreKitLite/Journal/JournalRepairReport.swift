public import Foundation

/// What ``FileJournal/repair(folder:options:)`` found and did.
///
/// Repair keeps the longest history that is intact and in order — the snapshot, then the
/// journal's records that continue it without a gap — and removes the rest of the journal,
/// after writing a copy of the whole journal file as it was (``copy``).
public struct JournalRepairReport: Sendable, Equatable {
    /// The damage found: the error opening the journal throws. `nil` if the folder opens as it
    /// is (nothing was changed; a torn tail, which opening cuts off itself, is left too).
    public var problem: JournalError?
    /// The offset in the journal file from which bytes were removed (`nil` if none were).
    public var removedFrom: UInt64?
    /// How many bytes of the journal file were removed.
    public var removedBytes: Int = 0
    /// How many intact records were among the removed bytes (those after the damage, and those
    /// a newer snapshot already held).
    public var removedRecords: Int = 0
    /// How many records the repaired journal holds.
    public var keptRecords: Int = 0
    /// The sequence of the last action the repaired folder holds (the state it restores is the
    /// state after the actions 1...`lastSequence`).
    public var lastSequence: UInt64 = 0
    /// The copy of the journal file as it was before the repair (`journal.damaged-<UTC time>` in
    /// the folder), `nil` if nothing was removed.
    public var copy: URL?

    /// Creates a report.
    public init(
        problem: JournalError? = nil, removedFrom: UInt64? = nil, removedBytes: Int = 0, removedRecords: Int = 0,
        keptRecords: Int = 0, lastSequence: UInt64 = 0, copy: URL? = nil
    ) {
        self.problem = problem
        self.removedFrom = removedFrom
        self.removedBytes = removedBytes
        self.removedRecords = removedRecords
        self.keptRecords = keptRecords
        self.lastSequence = lastSequence
        self.copy = copy
    }
}
