import Dispatch
public import Foundation
import StreamCore

/// A crash-safe journal that makes a store durable: every action is appended to a file before
/// its `send` returns, the state is snapshotted every so many actions, and a new store started
/// on the same folder loads the last snapshot and replays the actions after it.
///
/// ```swift
/// let journal = try FileJournal<Orders, OrderAction>(folder: dataFolder, options: .init(sync: .always))
/// let store = try Store(initialState: Orders(), reducer: orders, journal: journal)
/// let state = try await store.send(.place(order))   // on disk before this returns
/// ```
///
/// The folder holds `journal` (the actions since the last snapshot, each framed with its length,
/// a CRC-32 and its sequence number in the log), `snapshot` (the state after a number of actions,
/// and that number, replaced atomically by write-temporary-then-rename) and `lock` (an exclusive
/// `flock`, so one journal per folder).
///
/// Guarantees:
/// - An action is written to the journal (a `write` to the operating system) before its `send`
///   returns, so a crash of the process never loses an acknowledged action; the
///   ``JournalSyncPolicy`` decides what a crash of the machine may lose. Under
///   ``JournalSyncPolicy/always`` an action reaches the reducer, and its `send` returns, only
///   after an `fsync` covered it; the actions that concurrent senders write meanwhile share one
///   `fsync` (group commit), in the log's order.
/// - Opening drops a *torn tail* — a last record that a crash cut short, with nothing intact
///   after it — and cuts it off the file, never applying half of it. Any other damage is a
///   ``JournalError`` naming the file and the offset: a bad frame followed by intact ones, a
///   record missing, duplicated or moved (records carry sequence numbers), a journal missing
///   beside a snapshot, a snapshot newer than the journal. Opening never crashes, never changes
///   a damaged file and never silently starts from an empty or a wrong state;
///   ``repair(folder:options:)`` removes damage on request, keeping a copy of what it removes.
/// - Replay needs a deterministic reducer: the same state and action must give the same state
///   (no clock, no random numbers, no global state; put those in the action). See
///   ``replayedState(initialState:reducer:)`` and `checkingReplay:` on the store's initializer.
/// - Disk work is bounded: actions over ``JournalOptions/maxRecordBytes`` and states over
///   ``JournalOptions/maxSnapshotBytes`` are refused, and temporary files a crash left behind
///   are removed when the journal opens. After a failed snapshot (a full disk) the next attempt
///   waits for more actions (see ``lastError``), so refused sends stay cheap.
///
/// The journal is the store's last middleware: it journals the actions as they reach the
/// reducer, on the thread holding the dispatch role, and snapshots there too (the snapshot's
/// `send` takes as long as encoding and writing the state). An action the journal could not
/// write is refused: its `send` throws `StoreError.rejected` and the state is unchanged.
public final class FileJournal<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    /// The journal's folder.
    public let folder: URL
    /// How it writes, bounds and compacts.
    public let options: JournalOptions

    let box: LockedState<JournalState>
    /// The batched policy's sync timer (a lock box, as `DispatchSourceTimer` is not `Sendable`).
    let timer: LockedState<(any DispatchSourceTimer)?>
    let paths: JournalPaths
    /// Compares a replayed state (of the given number of actions) with the live one before each
    /// snapshot (the debug check).
    let replayCheck = LockedState<(@Sendable (State, UInt64) -> JournalError?)?>(nil)
    /// Group commit: the sync rounds run here, one at a time (a dedicated thread, so that no
    /// task of the cooperative pool blocks on `fsync`), and pass the synced actions on.
    let syncQueue: DispatchQueue
    let hooks: JournalHooks

    /// Opens the journal in `folder` (created if needed) and takes its lock.
    ///
    /// Nothing is read yet: the store's initializer restores the state. Temporary files a crash
    /// left behind are removed.
    ///
    /// - Parameters:
    ///   - folder: The folder, on a local file system (`flock` and `fsync` must be honoured).
    ///   - options: The sync policy, the snapshot interval and the size limits.
    /// - Throws: ``JournalError/locked(path:)`` if the folder is still open elsewhere after
    ///   ``JournalOptions/lockWait``, or
    ///   ``JournalError/io(operation:path:errno:)``.
    public convenience init(folder: URL, options: JournalOptions = JournalOptions()) throws(JournalError) {
        try self.init(folder: folder, options: options, hooks: JournalHooks())
    }

    /// Opens the journal with test seams.
    init(folder: URL, options: JournalOptions, hooks: JournalHooks) throws(JournalError) {
        self.folder = folder
        self.options = options
        self.hooks = hooks
        syncQueue = DispatchQueue(label: "ReactiveToolkit.FileJournal.sync", qos: .userInitiated)
        paths = JournalPaths(folder: folder.path)
        let lockDescriptor = try JournalFiles.lockFolder(paths.folder, wait: options.lockWait)
        JournalFiles.removeIfPresent(paths.journalTemporary)
        JournalFiles.removeIfPresent(paths.snapshotTemporary)
        let box = LockedState(JournalState(lockDescriptor: lockDescriptor))
        self.box = box
        if case .batched(let interval) = options.sync {
            let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
            let nanoseconds = max(
                1,
                Int(interval.components.seconds) * 1_000_000_000
                    + Int(interval.components.attoseconds / 1_000_000_000))
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            let path = paths.journal
            timer.setEventHandler { Self.syncIfDirty(box, path: path) }
            timer.resume()
            self.timer = LockedState(timer)
        } else {
            timer = LockedState(nil)
        }
    }

    deinit {
        try? close()
    }

    /// Syncs what was appended, closes the files and releases the folder's lock, so that another
    /// journal (in this process or another) can open the folder at once.
    ///
    /// Without it the lock is released when the journal is deallocated, which may be a little
    /// after the last `send` returned (the thread that ran the last action may still hold the
    /// store). Call it when a service stops, after the store's effects settled. Actions sent
    /// afterwards are refused (``JournalError/closed(path:)``); closing twice does nothing.
    ///
    /// - Throws: ``JournalError/io(operation:path:errno:)`` if the final `fsync` failed; the
    ///   files are closed and the lock released all the same.
    public func close() throws(JournalError) {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        let path = paths.journal
        let (result, startRounds) = box.withLock { state -> (Result<Void, JournalError>, Bool) in
            guard state.lockDescriptor >= 0 else { return (.success(()), false) }
            var result = Result<Void, JournalError>.success(())
            if state.dirty || state.synced < state.sequence, state.failure == nil, state.descriptor >= 0 {
                do throws(JournalError) {
                    try JournalFiles.sync(state.descriptor, path: path)
                    state.dirty = false
                    state.synced = state.sequence
                    state.releaseSynced()
                } catch {
                    state.fail(error)
                    result = .failure(error)
                }
            }
            if state.descriptor >= 0 { JournalFiles.close(state.descriptor) }
            state.descriptor = -1
            JournalFiles.close(state.lockDescriptor)
            state.lockDescriptor = -1
            return (result, state.needsSyncRounds())
        }
        // The actions a group commit still held: passed on (synced) or refused (not).
        if startRounds { startSyncRounds() }
        try result.get()
    }

    /// Whether ``close()`` was called: the folder is released and no more actions are accepted.
    public var isClosed: Bool {
        box.withLock { $0.lockDescriptor < 0 }
    }

    /// How many actions the journal's history holds (those in the snapshot included).
    public var sequence: UInt64 {
        box.withLock { $0.sequence }
    }

    /// How many actions the latest snapshot includes (0 without a snapshot).
    public var snapshotSequence: UInt64 {
        box.withLock { $0.snapshotSequence }
    }

    /// What opening the journal found: the snapshot, the replayed actions, a dropped torn tail.
    public var recovery: JournalRecovery {
        box.withLock { $0.recovery }
    }

    /// The latest problem that did not stop the journal (a snapshot that could not be written,
    /// a failed determinism check), or the failure that did. `nil` when all went well.
    public var lastError: JournalError? {
        box.withLock { $0.failure ?? $0.lastError }
    }

    /// Flushes the appended actions to the disk now, whatever the policy.
    ///
    /// - Throws: ``JournalError/io(operation:path:errno:)``; the journal then accepts no more
    ///   actions, and the actions waiting for a group commit are refused.
    public func sync() throws(JournalError) {
        let path = paths.journal
        let (result, startRounds) = box.withLock { state -> (Result<Void, JournalError>, Bool) in
            if let failure = state.failure { return (.failure(failure), false) }
            guard state.descriptor >= 0 else { return (.success(()), false) }
            var result = Result<Void, JournalError>.success(())
            do throws(JournalError) {
                try JournalFiles.sync(state.descriptor, path: path)
                state.dirty = false
                state.synced = state.sequence
                state.releaseSynced()
            } catch {
                state.fail(error)
                result = .failure(error)
            }
            return (result, state.needsSyncRounds())
        }
        if startRounds { startSyncRounds() }
        try result.get()
    }

    /// The batched policy's timer: syncs a duplicate of the descriptor outside the lock, so that
    /// appends never wait for it.
    static func syncIfDirty(_ box: LockedState<JournalState>, path: String) {
        let descriptor: Int32 = box.withLock { state in
            guard state.dirty, state.failure == nil, state.descriptor >= 0 else { return -1 }
            state.dirty = false
            return dup(state.descriptor)
        }
        guard descriptor >= 0 else { return }
        defer { JournalFiles.close(descriptor) }
        do throws(JournalError) {
            try JournalFiles.sync(descriptor, path: path)
        } catch {
            box.withLock { $0.failure = .failed(reason: error.description) }
        }
    }
}
