import Foundation
import Testing
@testable import StoreKitLite

@Suite struct FileJournalTests {
    @Test func restoresEveryAcknowledgedActionAfterReopening() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let actions = (1...20).map(TallyAction.append)
        let live = try await folder.run(actions)
        let (store, journal) = try folder.open()
        #expect(store.state == live)
        #expect(store.state == straightReplay(actions))
        #expect(journal.sequence == 20)
        #expect(journal.recovery == JournalRecovery(snapshotSequence: 0, replayedActions: 20, droppedTornBytes: 0))
    }

    @Test func continuesAppendingAfterARestore() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1), .append(2)])
        try await folder.run([.append(3)])
        let (store, _) = try folder.open()
        #expect(store.state.values == [1, 2, 3])
    }

    @Test func refusedActionsAreJournaledAndRefusedAgainOnReplay() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let live = try await folder.run([.append(1), .refuse, .append(2)])
        let (store, journal) = try folder.open()
        #expect(store.state == live)
        #expect(journal.sequence == 3)
    }

    @Test func dropsATornLastRecordAndKeepsTheOthers() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1), .append(2), .append(3)])
        let intact = try folder.bytes(of: folder.journal)
        // A crash in the middle of an append: a frame with only part of its payload.
        let record = JournalFormat.record(Array(#"{"append":{"_0":4}}"#.utf8), sequence: 4)
        try folder.write(intact + record.prefix(record.count - 3), to: folder.journal)
        do {
            let (store, journal) = try folder.open()
            #expect(store.state.values == [1, 2, 3])
            #expect(journal.recovery.droppedTornBytes == record.count - 3)
            #expect(try folder.bytes(of: folder.journal) == intact)  // cut off
            _ = try await store.send(.append(5))
            try journal.close()
        }
        let (store, _) = try folder.open()
        #expect(store.state.values == [1, 2, 3, 5])
    }

    @Test(arguments: [1, 5, 11, 19])
    func dropsATornRecordHeader(keptBytes: Int) async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1)])
        let intact = try folder.bytes(of: folder.journal)
        try folder.write(intact + JournalFormat.record([1, 2, 3], sequence: 2).prefix(keptBytes), to: folder.journal)
        let (store, journal) = try folder.open()
        #expect(store.state.values == [1])
        #expect(journal.recovery.droppedTornBytes == keptBytes)
    }

    @Test func dropsALastRecordWhoseChecksumFailsAndAZeroFilledTail() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1), .append(2)])
        var bytes = try folder.bytes(of: folder.journal)
        bytes[bytes.count - 2] ^= 0xFF
        try folder.write(bytes + [UInt8](repeating: 0, count: 40), to: folder.journal)
        // The zeros are a torn tail; they follow the damaged record, which is then in the middle.
        #expect(throws: JournalError.self) { try folder.open() }
        try folder.write(bytes, to: folder.journal)
        do {
            let (store, journal) = try folder.open()
            #expect(store.state.values == [1])
            try journal.close()
        }
        // Zeros after intact records: a file extended by a crash before its data was written.
        let intact = try folder.bytes(of: folder.journal)
        try folder.write(intact + [UInt8](repeating: 0, count: 40), to: folder.journal)
        let (store, journal) = try folder.open()
        #expect(store.state.values == [1])
        #expect(journal.recovery.droppedTornBytes == 40)
    }

    @Test func corruptionInTheMiddleIsATypedErrorNamingTheOffset() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1), .append(2), .append(3)])
        let original = try folder.bytes(of: folder.journal)
        let second = JournalFormat.journalHeaderSize + JournalFormat.record(Array(#"{"append":{"_0":1}}"#.utf8), sequence: 1).count
        var payload = original
        payload[second + JournalFormat.recordHeaderSize + 3] ^= 0x01
        try folder.write(payload, to: folder.journal)
        #expect(throws: JournalError.corruptRecord(path: folder.journal.path, offset: UInt64(second), reason: "checksum mismatch")) {
            try folder.open()
        }
        var frame = original
        frame[second + 1] ^= 0x40
        try folder.write(frame, to: folder.journal)
        #expect(throws: JournalError.corruptRecord(path: folder.journal.path, offset: UInt64(second), reason: "bad record frame")) {
            try folder.open()
        }
        var header = original
        header[0] = UInt8(ascii: "X")
        try folder.write(header, to: folder.journal)
        #expect(throws: JournalError.corruptRecord(path: folder.journal.path, offset: 0, reason: "not a journal file (bad header)")) {
            try folder.open()
        }
        // The journal is left as it was: nothing cut, nothing lost.
        #expect(try folder.bytes(of: folder.journal) == header)
    }

    @Test func anUndecodableRecordIsATypedErrorNamingTheOffset() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1)])
        let bytes = try folder.bytes(of: folder.journal)
        try folder.write(bytes + JournalFormat.record(Array(#"{"unknown":{}}"#.utf8), sequence: 2), to: folder.journal)
        #expect {
            try folder.open()
        } throws: { error in
            guard case .undecodableRecord(_, let offset, _) = error as? JournalError else { return false }
            return offset == UInt64(bytes.count)
        }
    }

    @Test func snapshotsCompactAndReplayEqualsAStraightReplay() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let actions = (0..<100).map { $0 % 9 == 8 ? TallyAction.refuse : .append($0) }
        let options = JournalOptions(snapshotEvery: 7)
        let live = try await folder.run(Array(actions[..<60]), options: options)
        #expect(live == straightReplay(Array(actions[..<60])))
        try await folder.run(Array(actions[60...]), options: options)
        let (store, journal) = try folder.open(options: options)
        #expect(store.state == straightReplay(actions))
        #expect(journal.snapshotSequence == 98)  // the snapshot before the 99th action
        #expect(journal.recovery.replayedActions == 2)
        // Compacted: the journal holds only the two actions after the snapshot.
        let scan = try JournalFormat.scan(folder.bytes(of: folder.journal), path: "", maxRecordBytes: 1 << 20)
        #expect(scan.base == 98)
        #expect(scan.records.count == 2)
    }

    /// A journal that ends before the snapshot (one restored from a backup, or, before the
    /// journal was synced ahead of each snapshot, a power loss) is an error, not a silent fresh
    /// start after the snapshot; repair starts an empty journal after the snapshot.
    @Test func aSnapshotAheadOfTheJournalIsATypedErrorThatRepairClears() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run((0..<5).map(TallyAction.append), options: JournalOptions(snapshotEvery: 4))
        try folder.write(JournalFormat.journalHeader(base: 0), to: folder.journal)
        #expect(throws: JournalError.snapshotAheadOfJournal(path: folder.journal.path, snapshotSequence: 4, journalSequence: 0)) {
            try folder.open()
        }
        let report = try FileJournal<Tally, TallyAction>.repair(folder: folder.url)
        #expect(report.problem == .snapshotAheadOfJournal(path: folder.journal.path, snapshotSequence: 4, journalSequence: 0))
        #expect(report.lastSequence == 4)
        do {
            let (store, journal) = try folder.open()
            #expect(store.state.values == [0, 1, 2, 3])
            #expect(journal.sequence == 4)
            _ = try await store.send(.append(9))
            try journal.close()
        }
        let (store, _) = try folder.open()
        #expect(store.state.values == [0, 1, 2, 3, 9])
    }

    @Test func aJournalStartingAfterTheSnapshotIsMissingRecords() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1)])
        try folder.write(JournalFormat.journalHeader(base: 5), to: folder.journal)
        #expect(throws: JournalError.missingRecords(snapshotSequence: 0, journalBase: 5)) { try folder.open() }
    }

    /// A journal of the format before sequence numbers is refused, not read or changed, and
    /// repair leaves it alone too.
    @Test func aJournalOfTheOldFormatIsUnsupported() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1)])
        var old = Array("RTKJRNL1".utf8) + JournalFormat.bytes(of: UInt64(0))
        old += [4, 0, 0, 0, 0xFB, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 1, 2, 3, 4]  // an issue-20 frame
        try folder.write(old, to: folder.journal)
        let unsupported = JournalError.unsupportedFormat(path: folder.journal.path, format: "RTKJRNL1")
        #expect(throws: unsupported) { try folder.open() }
        #expect(throws: unsupported) { try FileJournal<Tally, TallyAction>.repair(folder: folder.url) }
        #expect(try folder.bytes(of: folder.journal) == old)
    }

    @Test func aDamagedSnapshotIsATypedError() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run((0..<5).map(TallyAction.append), options: JournalOptions(snapshotEvery: 2))
        var bytes = try folder.bytes(of: folder.snapshot)
        bytes[bytes.count - 1] ^= 0x20
        try folder.write(bytes, to: folder.snapshot)
        #expect(throws: JournalError.corruptSnapshot(path: folder.snapshot.path, reason: "checksum mismatch")) {
            try folder.open()
        }
    }

    @Test func anActionOverTheSizeLimitIsRefusedAndNothingIsWritten() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let (store, journal) = try folder.open(options: JournalOptions(maxRecordBytes: 64))
        _ = try await store.send(.append(1))
        let before = try folder.bytes(of: folder.journal)
        await #expect(throws: StoreError.self) { try await store.send(.blob(String(repeating: "x", count: 100))) }
        #expect(store.state.values == [1])
        #expect(store.state.total == 1)
        guard case .tooLarge(kind: "action", bytes: _, limit: 64) = journal.lastError else {
            Issue.record("expected tooLarge, got \(String(describing: journal.lastError))")
            return
        }
        #expect(try folder.bytes(of: folder.journal) == before)
        _ = try await store.send(.append(2))
        #expect(store.state.values == [1, 2])
    }

    @Test func oneJournalPerFolder() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let first = try FileJournal<Tally, TallyAction>(folder: folder.url)
        let started = ContinuousClock.now
        #expect(throws: JournalError.locked(path: folder.url.path)) {
            try FileJournal<Tally, TallyAction>(folder: folder.url, options: JournalOptions(lockWait: .milliseconds(200)))
        }
        #expect(ContinuousClock.now - started >= .milliseconds(200))  // it waited, then gave up
        _ = first
    }

    /// A lock released while the next opener waits (a previous instance exiting, or a process
    /// spawned at that instant sharing the descriptor until it starts its program) is taken.
    @Test func openingWaitsForALockReleasedWithinLockWait() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let first = try FileJournal<Tally, TallyAction>(folder: folder.url)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { try? first.close() }
        let second = try FileJournal<Tally, TallyAction>(folder: folder.url, options: JournalOptions(lockWait: .seconds(30)))
        try second.close()
    }

    @Test func aJournalBacksOneStore() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let journal = try FileJournal<Tally, TallyAction>(folder: folder.url)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        #expect(throws: JournalError.self) { try Store(initialState: Tally(), reducer: tallyReducer, journal: journal) }
        _ = store
    }

    @Test func removesTemporaryFilesACrashLeftBehind() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1)])
        let temporary = folder.url.appendingPathComponent("snapshot.tmp")
        try folder.write([1, 2, 3], to: temporary)
        try folder.write([4], to: folder.url.appendingPathComponent("journal.tmp"))
        let (store, _) = try folder.open()
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("journal.tmp").path))
        #expect(store.state.values == [1])
    }

    @Test(arguments: [JournalSyncPolicy.always, .batched(every: .milliseconds(2)), .never])
    func everySyncPolicyRestoresTheActions(policy: JournalSyncPolicy) async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let options = JournalOptions(sync: policy, snapshotEvery: 10)
        try await folder.run((0..<25).map(TallyAction.append), options: options)
        let (store, _) = try folder.open(options: options)
        #expect(store.state.values == Array(0..<25))
    }

    /// `close()` syncs, releases the folder at once (while the store is still alive) and refuses
    /// later actions with a typed error; closing twice does nothing.
    @Test func closeReleasesTheFolderAtOnceAndRefusesLaterActions() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let (store, journal) = try folder.open(options: JournalOptions(sync: .batched(every: .seconds(60))))
        _ = try await store.send(.append(1))
        #expect(throws: JournalError.locked(path: folder.url.path)) { try folder.open(options: JournalOptions(lockWait: .zero)) }
        #expect(!journal.isClosed)
        try journal.close()
        #expect(journal.isClosed)
        try journal.close()
        await #expect(throws: StoreError.self) { try await store.send(.append(2)) }
        #expect(store.state.values == [1])
        let (reopened, _) = try folder.open()
        #expect(reopened.state.values == [1])
        withExtendedLifetime(store) {}
    }

    @Test func aClosedJournalCannotBackAStore() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let journal = try FileJournal<Tally, TallyAction>(folder: folder.url)
        try journal.close()
        #expect(throws: JournalError.closed(path: folder.url.path)) {
            try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        }
    }
}
