/// What opening a ``FileJournal`` found.
public struct JournalRecovery: Sendable, Equatable {
    /// How many actions the loaded snapshot included (0 without one).
    public var snapshotSequence: UInt64 = 0
    /// How many journaled actions were replayed on top of it.
    public var replayedActions: Int = 0
    /// How many bytes of a torn last record were dropped and cut off the file (0 if the journal
    /// ended cleanly). Only a torn tail is ever cut on opening; see ``FileJournal``.
    public var droppedTornBytes: Int = 0
}
