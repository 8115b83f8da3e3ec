import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Group commit, the ``JournalSyncPolicy/always`` policy: senders write their actions under
/// the journal's lock on the thread holding the store's dispatch role, and hold them (a holding
/// middleware) instead of syncing there. One sync round at a time, on the sync queue, takes
/// everything written so far, `fsync`s it once outside the lock, and passes the actions it
/// covered on to the reducer, in the log's order, before the next round; each `send` returns after its action's reducer
/// ran, so after the `fsync` that covered it. What is written during one `fsync` shares the
/// next. The dispatch role is not held during these `fsync`s, so senders overlap with them.
///
/// A lone sender (nothing in flight, no round running) is synced at once on the role thread
/// instead, and its action passed on directly: no hop to the sync queue and back, so one sender
/// costs what it did before group commit. If senders queued behind the role during that
/// `fsync`, the journal groups from the next action on, until a round covers a single action
/// with nothing written meanwhile.
extension FileJournal {
    /// Starts sync rounds on the sync queue. Call after setting `syncing` under the lock.
    func startSyncRounds() {
        let box = self.box
        let path = paths.journal
        let hooks = self.hooks
        syncQueue.async { Self.syncRounds(box, path: path, hooks: hooks) }
    }

    /// Passes on what is releasable and syncs, until nothing is left to do; then clears
    /// `syncing`. Sync queue only: the one place held actions are passed on, so in the log's
    /// order. Passing them on runs the store (the reducer, `.immediate` observers) here, outside
    /// the lock, between two `fsync`s.
    static func syncRounds(_ box: LockedState<JournalState>, path: String, hooks: JournalHooks) {
        while true {
            let released: [JournalWaiter] = box.withLock { state in
                defer { state.releasable = [] }
                return state.releasable
            }
            for waiter in released { waiter.resume() }
            hooks.willSync?()
            let round: (descriptor: Int32, target: UInt64)?? = box.withLock { state in
                // Released meanwhile (a compaction, `close()`): pass it on first.
                guard state.releasable.isEmpty else { return .some(nil) }
                guard state.failure == nil, state.descriptor >= 0, state.synced < state.sequence else {
                    state.syncing = false
                    return nil
                }
                // A duplicate: a compaction may replace and close the descriptor meanwhile.
                return (dup(state.descriptor), state.sequence)
            }
            guard let round else { return }
            guard let round else { continue }
            var failure: JournalError?
            if round.descriptor < 0 {
                failure = .io(operation: "dup", path: path, errno: errno)
            } else if let code = hooks.syncFailure?() {
                failure = .io(operation: "fsync", path: path, errno: code)
            } else {
                do throws(JournalError) {
                    try JournalFiles.sync(round.descriptor, path: path)
                } catch {
                    failure = error
                }
            }
            if round.descriptor >= 0 { JournalFiles.close(round.descriptor) }
            if failure == nil { hooks.didSync?(round.target) }
            box.withLock { state in
                if let failure {
                    // After a failed fsync the kernel may have dropped the pages: trust nothing more.
                    state.fail(failure)
                } else {
                    // One action, nothing written meanwhile: a lone sender again.
                    if round.target == state.synced + 1, state.sequence == round.target { state.syncsInline = true }
                    state.synced = max(state.synced, round.target)
                    state.releaseSynced()
                }
            }
        }
    }

    /// Whether this journal holds actions until a group commit covers them.
    var groupCommits: Bool {
        options.sync == .always
    }
}
