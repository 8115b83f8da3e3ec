/// When a ``FileJournal`` asks the operating system to put appended actions on the disk
/// (`fsync`).
///
/// Every policy writes each action to the journal file (a `write` to the operating system)
/// before its `send` returns, so a crash of the process (`kill -9`, a trap) never loses an
/// acknowledged action. The policies differ on a crash of the machine (power loss, kernel panic):
///
/// | Policy | Lost on power loss | Cost per action (measured, see the article) |
/// |---|---|---|
/// | ``always`` | nothing acknowledged | one sender waits for one `fsync` (0.1–10 ms depending on the disk); concurrent senders share them (group commit) |
/// | ``batched(every:)`` | up to one interval of acknowledged actions | a `write` |
/// | ``never`` | what the OS had not written back (up to ~30 s on Linux) | a `write` |
public enum JournalSyncPolicy: Sendable, Equatable {
    /// An action's `send` returns, and its reducer runs, only after an `fsync` covered it. The
    /// actions that concurrent senders write during one `fsync` share the next (group commit),
    /// in the log's order.
    case always
    /// `fsync` at most once per interval, from a background timer, when actions were appended.
    case batched(every: Duration)
    /// Never `fsync` the journal; snapshots are still written with write-temp-then-rename, but
    /// not synced either.
    case never
}

/// How a ``FileJournal`` writes, bounds and compacts its files.
public struct JournalOptions: Sendable {
    /// When appended actions are synced to the disk.
    public var sync: JournalSyncPolicy
    /// After how many appended actions the state is snapshotted and the journal compacted.
    public var snapshotEvery: Int
    /// The largest encoded action accepted; a larger one is refused (its `send` throws).
    public var maxRecordBytes: Int
    /// The largest encoded state accepted for a snapshot (also when reading one back).
    public var maxSnapshotBytes: Int
    /// How long opening waits for the folder's lock before throwing ``JournalError/locked(path:)``.
    ///
    /// A lock is briefly held by more than its owner: a process another thread of the owner is
    /// spawning at that instant shares the lock until it starts its program, and a previous
    /// instance of a service may still be exiting. The wait rides those out.
    public var lockWait: Duration

    /// Creates options.
    ///
    /// - Parameters:
    ///   - sync: When appended actions are synced to the disk (default ``JournalSyncPolicy/always``).
    ///   - snapshotEvery: After how many actions to snapshot and compact (default 10,000).
    ///   - maxRecordBytes: The largest encoded action (default 1 MiB).
    ///   - maxSnapshotBytes: The largest encoded state (default 512 MiB).
    ///   - lockWait: How long opening waits for the folder's lock (default 2 s; `.zero` fails at once).
    public init(
        sync: JournalSyncPolicy = .always,
        snapshotEvery: Int = 10_000,
        maxRecordBytes: Int = 1 << 20,
        maxSnapshotBytes: Int = 512 << 20,
        lockWait: Duration = .seconds(2)
    ) {
        self.sync = sync
        self.snapshotEvery = max(1, snapshotEvery)
        self.maxRecordBytes = max(1, min(maxRecordBytes, Int(UInt32.max >> 1)))
        self.maxSnapshotBytes = max(1, maxSnapshotBytes)
        self.lockWait = max(.zero, lockWait)
    }
}

extension JournalOptions {
    /// The largest journal file read back. Bounded: a journal holds at most `snapshotEvery`
    /// records (and those written while a snapshot is being taken), unless snapshots fail.
    var journalByteLimit: Int {
        Int(clamping: Int64(snapshotEvery + 1) * Int64(maxRecordBytes + JournalFormat.recordHeaderSize) * 4)
    }
}
