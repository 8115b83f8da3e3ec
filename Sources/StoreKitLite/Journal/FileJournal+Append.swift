import Foundation

extension FileJournal {
    /// Appends an action, snapshotting first when the interval is reached. Dispatch role only
    /// (the journal middleware). On failure the action is marked refused for the reducer guard.
    func append(_ action: Action, currentState: () -> State?) {
        // Encoding is user code: never under the lock.
        let payload: [UInt8]
        do {
            payload = Array(try JSONEncoder().encode(action))
        } catch {
            refuse(.unencodable(reason: String(describing: error)))
            return
        }
        guard payload.count <= options.maxRecordBytes else {
            refuse(.tooLarge(kind: "action", bytes: payload.count, limit: options.maxRecordBytes))
            return
        }
        let due = box.withLock { $0.failure == nil && $0.lockDescriptor >= 0 && $0.sequence - $0.journalBase >= UInt64(options.snapshotEvery) }
        if due, let state = currentState() { snapshot(state) }
        let framed = JournalFormat.record(payload)
        let path = paths.journal
        let policy = options.sync
        let folder = paths.folder
        box.withLock { state in
            if let failure = state.failure {
                state.refused = failure
                return
            }
            guard state.lockDescriptor >= 0 else {
                state.refused = .closed(path: folder)
                return
            }
            do throws(JournalError) {
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
                return
            }
            if policy == .always {
                do throws(JournalError) {
                    try JournalFiles.sync(state.descriptor, path: path)
                } catch {
                    // After a failed fsync the kernel may have dropped the pages: trust nothing more.
                    state.failure = .failed(reason: error.description)
                    state.refused = error
                    return
                }
            } else {
                state.dirty = true
            }
            state.end += UInt64(framed.count)
            state.sequence += 1
        }
    }

    /// Marks the action being appended as refused.
    func refuse(_ error: JournalError) {
        box.withLock {
            $0.refused = error
            $0.lastError = error
        }
    }

    /// The refusal of the action just appended, if any, cleared. Dispatch role only.
    func takeRefusal() -> JournalError? {
        box.withLock { state in
            defer { state.refused = nil }
            return state.refused
        }
    }

    /// Writes a snapshot of `state` (the state after every journaled action) and starts an empty
    /// journal after it. A failure leaves the old journal in use and is kept in ``lastError``.
    func snapshot(_ state: State) {
        if let check = replayCheck.withLock({ $0 }), let mismatch = check(state) {
            box.withLock { $0.lastError = mismatch }
            return
        }
        let payload: [UInt8]
        do {
            payload = Array(try JSONEncoder().encode(state))
        } catch {
            box.withLock { $0.lastError = .unencodable(reason: String(describing: error)) }
            return
        }
        guard payload.count <= options.maxSnapshotBytes - JournalFormat.snapshotHeaderSize else {
            box.withLock {
                $0.lastError = .tooLarge(kind: "state", bytes: payload.count, limit: options.maxSnapshotBytes)
            }
            return
        }
        let paths = self.paths
        let durable = options.sync != .never
        box.withLock { inner in
            // Closed meanwhile: the folder may already belong to another journal.
            guard inner.lockDescriptor >= 0 else { return }
            let sequence = inner.sequence
            do throws(JournalError) {
                let file = JournalFormat.snapshot(sequence: sequence, payload: payload)
                try JournalFiles.replace(paths.snapshot, with: file, through: paths.snapshotTemporary, sync: durable)
                if durable { try JournalFiles.syncDirectory(paths.folder) }
                inner.snapshotSequence = sequence
            } catch {
                inner.lastError = error
                return
            }
            // The snapshot holds every journaled action: replace the journal with an empty one.
            do throws(JournalError) {
                let header = JournalFormat.journalHeader(base: sequence)
                try JournalFiles.replace(paths.journal, with: header, through: paths.journalTemporary, sync: durable)
                if durable { try JournalFiles.syncDirectory(paths.folder) }
            } catch {
                inner.lastError = error
                return
            }
            do throws(JournalError) {
                let descriptor = try JournalFiles.openForAppend(paths.journal)
                JournalFiles.close(inner.descriptor)
                inner.descriptor = descriptor
                inner.journalBase = sequence
                inner.end = UInt64(JournalFormat.journalHeaderSize)
                inner.dirty = false
            } catch {
                // The old descriptor points at a replaced file: appending there would lose actions.
                inner.failure = .failed(reason: "cannot reopen the compacted journal: \(error.description)")
            }
        }
    }
}
