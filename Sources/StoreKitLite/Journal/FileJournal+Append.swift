import Foundation

extension FileJournal {
    /// Appends an action, snapshotting first when the interval is reached. Dispatch role only
    /// (the journal middleware). Returns the action to pass on to the reducer, or `nil` when it
    /// is held until a group commit covers it (`holder`, under ``JournalSyncPolicy/always``;
    /// `contended` says whether actions queue behind the role). On failure the action is passed
    /// on, marked refused for the reducer guard.
    func append(
        _ action: Action, currentState: () -> State?, holder: ActionHolder<State, Action>?,
        contended: () -> Bool = { false }
    ) -> Action? {
        // Encoding is user code: never under the lock.
        let payload: [UInt8]
        do {
            payload = Array(try JSONEncoder().encode(action))
        } catch {
            refuse(.unencodable(reason: String(describing: error)))
            return action
        }
        guard payload.count <= options.maxRecordBytes else {
            refuse(.tooLarge(kind: "action", bytes: payload.count, limit: options.maxRecordBytes))
            return action
        }
        if snapshotDue(), let state = currentState() { snapshot(state) }
        let path = paths.journal
        let folder = paths.folder
        let injected = hooks.writeFailure?()
        let hooks = self.hooks
        var startSync = false
        var syncedInline = false
        let passed: Action? = box.withLock { state in
            if let failure = state.failure {
                state.refused = failure
                return action
            }
            guard state.lockDescriptor >= 0 else {
                state.refused = .closed(path: folder)
                return action
            }
            let sequence = state.sequence + 1
            let framed = JournalFormat.record(payload, sequence: sequence)
            do throws(JournalError) {
                if let injected { throw .io(operation: "write", path: path, errno: injected) }
                try JournalFiles.writeAll(state.descriptor, framed, path: path)
            } catch {
                // Cut a partial record off, so that the next append starts at a record boundary.
                do throws(JournalError) {
                    try JournalFiles.truncate(state.descriptor, to: state.end, path: path)
                } catch {
                    state.failure = .failed(reason: "could not cut a failed append: \(error.description)")
                }
                state.refused = error
                state.lastError = error
                return action
            }
            state.wrote(sequence: sequence, end: state.end + UInt64(framed.count))
            guard let holder else {
                state.dirty = true
                state.synced = sequence  // nothing waits for a sync
                return action
            }
            // A lone sender (nothing in flight, no round running): sync here and pass it on at
            // once, as cheap as before group commit. Actions queued behind the role meanwhile
            // switch to grouping (below).
            if state.syncsInline, hooks.allowsInlineSync, !state.syncing, state.reduced == sequence - 1 {
                do throws(JournalError) {
                    if let code = hooks.syncFailure?() { throw .io(operation: "fsync", path: path, errno: code) }
                    try JournalFiles.sync(state.descriptor, path: path)
                } catch {
                    // After a failed fsync the kernel may have dropped the pages: trust nothing more.
                    state.fail(error)
                    state.refused = error
                    return action
                }
                hooks.didSync?(sequence)
                state.synced = sequence
                syncedInline = true
                return action
            }
            // Group commit: the sync queue's next round covers it and passes it on.
            let held = holder.hold(action)
            state.waiting.append(JournalWaiter(sequence: sequence, resume: { held.resume() }))
            if !state.syncing {
                state.syncing = true
                startSync = true
            }
            return nil
        }
        if startSync { startSyncRounds() }
        // Senders queued behind the role during that fsync: group their actions from now on.
        if syncedInline, contended() { box.withLock { $0.syncsInline = false } }
        return passed
    }

    /// Marks the action being appended as refused.
    func refuse(_ error: JournalError) {
        box.withLock {
            $0.refused = error
            $0.lastError = error
        }
    }

    /// Called by the reducer guard before each journaled action's reducer: the refusal of the
    /// action just appended (cleared), or the failure of the group commit that should have
    /// covered it; otherwise counts it as reduced and returns `nil`. Dispatch role only.
    func admit() -> JournalError? {
        box.withLock { state in
            if let refused = state.refused {
                state.refused = nil
                return refused
            }
            state.reduceNext()
            if let first = state.failedFrom, state.reduced >= first {
                return state.failure ?? .failed(reason: "an fsync failed")
            }
            return nil
        }
    }

    /// Whether a snapshot is due now: the interval is reached and no back-off after a failed
    /// snapshot is running (each call during a back-off counts one append towards its end).
    func snapshotDue() -> Bool {
        let every = UInt64(options.snapshotEvery)
        return box.withLock { state in
            // Due once the journal holds `every` actions, and some of them were reduced (under
            // group commit the snapshot holds the reduced ones only).
            guard state.failure == nil, state.lockDescriptor >= 0, state.sequence - state.journalBase >= every,
                state.reduced > state.journalBase
            else { return false }
            guard state.snapshotSkip == 0 else {
                state.snapshotSkip -= 1
                return false
            }
            return true
        }
    }

    /// Records a failed snapshot and backs off: the next attempt waits for 8 more appends, then
    /// 16, … up to 1,024 (refused ones count), so that while the disk is full a refused `send`
    /// costs its failed `write`, not a snapshot's encoding and failed write as well.
    static func snapshotFailed(_ error: JournalError, _ state: inout JournalState) {
        state.lastError = error
        state.snapshotBackoff = min(1_024, max(8, state.snapshotBackoff * 2))
        state.snapshotSkip = state.snapshotBackoff
    }
}
