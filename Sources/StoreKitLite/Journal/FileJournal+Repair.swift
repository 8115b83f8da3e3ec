public import Foundation

extension FileJournal {
    /// Removes the damage that stops a journal's folder from opening, keeping a copy of what it
    /// removes, and reports what it dropped.
    ///
    /// ```swift
    /// do {
    ///     journal = try FileJournal<Orders, OrderAction>(folder: dataFolder)
    ///     store = try Store(initialState: Orders(), reducer: orders, journal: journal)
    /// } catch .recordOutOfSequence, .corruptRecord, .missingJournal, .snapshotAheadOfJournal {
    ///     // After a look at the error (or a backup restored instead):
    ///     let report = try FileJournal<Orders, OrderAction>.repair(folder: dataFolder)
    ///     log("journal repaired: \(report.removedRecords) records removed, copy at \(report.copy?.path ?? "-")")
    /// }
    /// ```
    ///
    /// Opening never removes anything but a torn tail; repair is how the other damage goes,
    /// and only when asked. It keeps the longest history that is intact and in order — the
    /// snapshot, then the journal's records that continue it without a gap — and removes the
    /// rest of the journal file: everything from the first bad frame or out-of-sequence record
    /// on, or the whole journal when it does not continue the snapshot (it starts after it, or
    /// ends before it). Before changing anything it writes the whole journal file as it was to
    /// `journal.damaged-<UTC time>` in the folder (synced). A missing journal beside a snapshot
    /// is replaced by an empty one after the snapshot. A folder that opens as it is is left
    /// unchanged (``JournalRepairReport/problem`` is `nil`).
    ///
    /// Repair takes the folder's lock, so the folder must not be open in a journal.
    ///
    /// - Parameters:
    ///   - folder: The journal's folder.
    ///   - options: The limits to read the files with (and ``JournalOptions/lockWait``).
    /// - Returns: What was found, removed and kept, and where the copy is.
    /// - Throws: What repair cannot remove: ``JournalError/corruptSnapshot(path:reason:)`` (the
    ///   actions the snapshot holds are in no other file: restore a backup),
    ///   ``JournalError/unsupportedFormat(path:format:)``, ``JournalError/locked(path:)``,
    ///   ``JournalError/tooLarge(kind:bytes:limit:)`` and ``JournalError/io(operation:path:errno:)``.
    ///   Nothing is changed then.
    public static func repair(
        folder: URL, options: JournalOptions = JournalOptions()
    ) throws(JournalError)
        -> JournalRepairReport
    {
        let paths = JournalPaths(folder: folder.path)
        let lock = try JournalFiles.lockFolder(paths.folder, wait: options.lockWait)
        defer { JournalFiles.close(lock) }
        JournalFiles.removeIfPresent(paths.journalTemporary)
        JournalFiles.removeIfPresent(paths.snapshotTemporary)
        let snapshotFile = try JournalFiles.read(paths.snapshot, limit: options.maxSnapshotBytes, kind: "snapshot")
        let journalFile = try JournalFiles.read(paths.journal, limit: options.journalByteLimit, kind: "journal")
        let problem: JournalError
        do throws(JournalError) {
            let history = try JournalHistory(
                snapshot: snapshotFile, journal: journalFile, paths: paths, maxRecordBytes: options.maxRecordBytes)
            return JournalRepairReport(
                keptRecords: history.scan?.records.count ?? 0,
                lastSequence: history.scan?.last ?? history.snapshotSequence)
        } catch {
            switch error {
            case .corruptSnapshot, .unsupportedFormat, .io, .tooLarge, .locked: throw error
            default: problem = error
            }
        }
        let snapshotSequence =
            try snapshotFile.map { file throws(JournalError) in
                try JournalFormat.readSnapshot(file, path: paths.snapshot).sequence
            } ?? 0
        guard let journalFile else {
            try write(JournalFormat.journalHeader(base: snapshotSequence), to: paths)
            return JournalRepairReport(problem: problem, lastSequence: snapshotSequence)
        }
        let prefix = JournalFormat.intactPrefix(journalFile, maxRecordBytes: options.maxRecordBytes)
        var report = JournalRepairReport(problem: problem)
        let kept: [UInt8]
        if let base = prefix.base, base <= snapshotSequence, (prefix.records.last?.sequence ?? base) >= snapshotSequence {
            // The records continue the snapshot: keep them, remove what follows the last one.
            kept = Array(journalFile[..<prefix.end])
            report.removedFrom = UInt64(prefix.end)
            report.removedBytes = journalFile.count - prefix.end
            report.keptRecords = prefix.records.count
            report.lastSequence = prefix.records.last?.sequence ?? base
        } else {
            // Nothing continues the snapshot: an empty journal after it.
            kept = JournalFormat.journalHeader(base: snapshotSequence)
            let from = prefix.base == nil ? 0 : JournalFormat.journalHeaderSize
            report.removedFrom = UInt64(from)
            report.removedBytes = journalFile.count - from
            report.lastSequence = snapshotSequence
        }
        report.removedRecords = JournalFormat.intactFrames(
            in: journalFile, from: max(JournalFormat.journalHeaderSize, Int(report.removedFrom ?? 0)),
            maxRecordBytes: options.maxRecordBytes)
        let copy = copyPath(in: paths)
        try JournalFiles.replace(copy, with: journalFile, through: copy + ".tmp", sync: true)
        report.copy = URL(fileURLWithPath: copy)
        try write(kept, to: paths)
        return report
    }

    /// Replaces the journal with `bytes`, durably.
    private static func write(_ bytes: [UInt8], to paths: JournalPaths) throws(JournalError) {
        try JournalFiles.replace(paths.journal, with: bytes, through: paths.journalTemporary, sync: true)
        try JournalFiles.syncDirectory(paths.folder)
    }

    /// `journal.damaged-<UTC time>`, with a counter if that exists already.
    private static func copyPath(in paths: JournalPaths) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let stamp = formatter.string(from: Date()).replacingOccurrences(of: ":", with: "")
        var path = paths.journal + ".damaged-" + stamp
        var counter = 1
        while FileManager.default.fileExists(atPath: path) {
            counter += 1
            path = paths.journal + ".damaged-" + stamp + "-\(counter)"
        }
        return path
    }
}
