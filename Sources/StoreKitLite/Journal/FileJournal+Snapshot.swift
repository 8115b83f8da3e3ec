import Foundation

extension FileJournal {
    /// Writes a snapshot of `state` — the state after the reduced actions, 1...`reduced` — and
    /// compacts the journal to the actions after it (under group commit, those written but not
    /// reduced yet are copied into the new journal). Dispatch role only. A failure leaves the old
    /// journal in use, is kept in ``lastError`` and backs off the next attempt.
    func snapshot(_ state: State) {
        // The role changes `reduced` (through the reducer guard), and the role is ours.
        let covered = box.withLock { $0.reduced }
        if let check = replayCheck.withLock({ $0 }), let mismatch = check(state, covered) {
            box.withLock { Self.snapshotFailed(mismatch, &$0) }
            return
        }
        let payload: [UInt8]
        do {
            payload = Array(try JSONEncoder().encode(state))
        } catch {
            box.withLock { Self.snapshotFailed(.unencodable(reason: String(describing: error)), &$0) }
            return
        }
        guard payload.count <= options.maxSnapshotBytes - JournalFormat.snapshotHeaderSize else {
            let error = JournalError.tooLarge(kind: "state", bytes: payload.count, limit: options.maxSnapshotBytes)
            box.withLock { Self.snapshotFailed(error, &$0) }
            return
        }
        let paths = self.paths
        let durable = options.sync != .never
        let injected = hooks.snapshotFailure?()
        let startRounds = box.withLock { inner -> Bool in
            // Closed meanwhile: the folder may already belong to another journal.
            guard inner.lockDescriptor >= 0, inner.failure == nil else { return false }
            // The journal first (the batched policy's unsynced records): a power loss must never
            // leave a snapshot ahead of the journal on the disk.
            if durable, inner.dirty {
                do throws(JournalError) {
                    try JournalFiles.sync(inner.descriptor, path: paths.journal)
                    inner.dirty = false
                } catch {
                    // After a failed fsync the kernel may have dropped the pages: trust nothing more.
                    inner.fail(error)
                    return inner.needsSyncRounds()
                }
            }
            do throws(JournalError) {
                if let injected { throw .io(operation: "write", path: paths.snapshotTemporary, errno: injected) }
                let file = JournalFormat.snapshot(sequence: covered, payload: payload)
                try JournalFiles.replace(paths.snapshot, with: file, through: paths.snapshotTemporary, sync: durable)
                if durable { try JournalFiles.syncDirectory(paths.folder) }
                inner.snapshotSequence = covered
            } catch {
                Self.snapshotFailed(error, &inner)
                return false
            }
            inner.snapshotBackoff = 0
            inner.snapshotSkip = 0
            compact(&inner, after: covered, paths: paths, durable: durable)
            return inner.needsSyncRounds()
        }
        if startRounds { startSyncRounds() }
    }

    /// Replaces the journal with one that starts after action `covered` (the snapshot's) and
    /// holds the records written after it. Under the lock.
    private func compact(_ inner: inout JournalState, after covered: UInt64, paths: JournalPaths, durable: Bool) {
        let kept: [UInt8]
        do throws(JournalError) {
            // The records after the snapshot, from where the last reduced one ends.
            kept = try JournalFiles.read(paths.journal, from: inner.reducedEnd, to: inner.end)
            let file = JournalFormat.journalHeader(base: covered) + kept
            try JournalFiles.replace(paths.journal, with: file, through: paths.journalTemporary, sync: durable)
            if durable { try JournalFiles.syncDirectory(paths.folder) }
        } catch {
            // The snapshot and the old journal agree (its records up to the snapshot are skipped).
            inner.lastError = error
            return
        }
        do throws(JournalError) {
            let descriptor = try JournalFiles.openForAppend(paths.journal)
            JournalFiles.close(inner.descriptor)
            inner.descriptor = descriptor
        } catch {
            // The old descriptor points at a replaced file: appending there would lose actions.
            inner.fail(.failed(reason: "cannot reopen the compacted journal: \(error.description)"))
            return
        }
        // The records kept moved to just after the new header.
        let header = UInt64(JournalFormat.journalHeaderSize)
        let shift = inner.reducedEnd - header
        for index in inner.unreducedHead..<inner.unreducedEnds.count { inner.unreducedEnds[index] -= shift }
        inner.reducedEnd = header
        inner.end = header + UInt64(kept.count)
        inner.journalBase = covered
        inner.dirty = false
        if durable {
            // The new journal was synced with every record it holds.
            hooks.didSync?(inner.sequence)
            inner.synced = inner.sequence
            inner.releaseSynced()
        }
    }
}
