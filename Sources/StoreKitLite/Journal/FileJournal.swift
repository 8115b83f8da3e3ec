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
/// The folder holds `journal` (the actions since the last snapshot, each framed with its length
/// and a CRC-32), `snapshot` (the state after a number of actions, replaced atomically by
/// write-temporary-then-rename) and `lock` (an exclusive `flock`, so one journal per folder).
///
/// Guarantees:
/// - An action is written to the journal (a `write` to the operating system) before its `send`
///   returns, so a crash of the process never loses an acknowledged action; the
///   ``JournalSyncPolicy`` decides what a crash of the machine may lose.
/// - Opening drops a torn last record (a crash in the middle of an append), never applying half
///   of it. Any other damage is a ``JournalError`` naming the file and the offset: opening never
///   crashes and never silently starts from an empty state.
/// - Replay needs a deterministic reducer: the same state and action must give the same state
///   (no clock, no random numbers, no global state; put those in the action). See
///   ``replayedState(initialState:reducer:)`` and `checkingReplay:` on the store's initializer.
/// - Disk work is bounded: actions over ``JournalOptions/maxRecordBytes`` and states over
///   ``JournalOptions/maxSnapshotBytes`` are refused, and temporary files a crash left behind
///   are removed when the journal opens.
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
    /// Compares a replayed state with the live one before each snapshot (the debug check).
    let replayCheck = LockedState<(@Sendable (State) -> JournalError?)?>(nil)

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
    public init(folder: URL, options: JournalOptions = JournalOptions()) throws(JournalError) {
        self.folder = folder
        self.options = options
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
        try box.withLock { state -> Result<Void, JournalError> in
            guard state.lockDescriptor >= 0 else { return .success(()) }
            var result = Result<Void, JournalError>.success(())
            if state.dirty, state.failure == nil, state.descriptor >= 0 {
                do throws(JournalError) {
                    try JournalFiles.sync(state.descriptor, path: path)
                    state.dirty = false
                } catch {
                    result = .failure(error)
                }
            }
            if state.descriptor >= 0 { JournalFiles.close(state.descriptor) }
            state.descriptor = -1
            JournalFiles.close(state.lockDescriptor)
            state.lockDescriptor = -1
            return result
        }.get()
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
    /// - Throws: ``JournalError/io(operation:path:errno:)``; the journal then accepts no more actions.
    public func sync() throws(JournalError) {
        let path = paths.journal
        try box.withLock { state -> Result<Void, JournalError> in
            if let failure = state.failure { return .failure(failure) }
            guard state.descriptor >= 0 else { return .success(()) }
            do throws(JournalError) {
                try JournalFiles.sync(state.descriptor, path: path)
                state.dirty = false
                return .success(())
            } catch {
                state.failure = .failed(reason: error.description)
                return .failure(error)
            }
        }.get()
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

/// What opening a ``FileJournal`` found.
public struct JournalRecovery: Sendable, Equatable {
    /// How many actions the loaded snapshot included (0 without one).
    public var snapshotSequence: UInt64 = 0
    /// How many journaled actions were replayed on top of it.
    public var replayedActions: Int = 0
    /// How many bytes of a torn last record were dropped (0 if the journal ended cleanly).
    public var droppedTornBytes: Int = 0
}

/// The journal's mutable state, in its lock box.
struct JournalState {
    /// The descriptor holding the folder's `flock`; -1 once closed.
    var lockDescriptor: Int32
    var descriptor: Int32 = -1
    var sequence: UInt64 = 0
    var journalBase: UInt64 = 0
    var snapshotSequence: UInt64 = 0
    var end: UInt64 = 0
    var dirty = false
    var restored = false
    var recovery = JournalRecovery()
    /// An append or sync failed in a way that leaves the file's content unknown.
    var failure: JournalError?
    /// The failure of the append in progress, for the reducer guard to refuse its action.
    var refused: JournalError?
    var lastError: JournalError?
}

/// The file names in a journal's folder.
struct JournalPaths: Sendable {
    let folder: String
    var journal: String { folder + "/journal" }
    var journalTemporary: String { folder + "/journal.tmp" }
    var snapshot: String { folder + "/snapshot" }
    var snapshotTemporary: String { folder + "/snapshot.tmp" }
}
