import Foundation
import Testing
@testable import StoreKitLite

@Suite struct FileJournalRepairTests {
    typealias Journal = FileJournal<Tally, TallyAction>

    /// Repair removes everything from a deleted record on, after writing the whole journal as
    /// it was to a copy, reports what it removed, and the folder then opens with the actions
    /// before the damage and takes new ones.
    @Test func repairKeepsACopyOfWhatItRemovesAndReportsIt() async throws {
        let folder = try await FileJournalDamageTests.journal(snapshotEvery: 1_000)
        defer { folder.remove() }
        var damaged = try folder.bytes(of: folder.journal)
        let records = FileJournalDamageTests.records(damaged)
        let cut = records[100].lowerBound
        damaged.removeSubrange(records[100])  // action 101
        try folder.write(damaged, to: folder.journal)

        let report = try Journal.repair(folder: folder.url)
        #expect(report.problem == .recordOutOfSequence(path: folder.journal.path, offset: UInt64(cut), expected: 101, found: 102))
        #expect(report.removedFrom == UInt64(cut))
        #expect(report.removedBytes == damaged.count - cut)
        #expect(report.removedRecords == 399)  // 102...500
        #expect(report.keptRecords == 100)
        #expect(report.lastSequence == 100)
        let copy = try #require(report.copy)
        #expect(copy.lastPathComponent.hasPrefix("journal.damaged-"))
        #expect(try folder.bytes(of: copy) == damaged)  // what was removed is kept
        #expect(try folder.bytes(of: folder.journal) == Array(damaged[..<cut]))

        let (store, journal) = try folder.open()
        #expect(store.state.values == Array(1...100))
        _ = try await store.send(.append(7))
        #expect(journal.sequence == 101)
        try journal.close()
        let (reopened, _) = try folder.open()
        #expect(reopened.state.values == Array(1...100) + [7])
    }

    /// A frame in the middle whose length runs past the end: repair cuts there, and counts the
    /// intact records it removed after it.
    @Test func repairCutsAtAFrameRunningPastTheEnd() async throws {
        let folder = try await FileJournalDamageTests.journal(snapshotEvery: 1_000)
        defer { folder.remove() }
        var damaged = try folder.bytes(of: folder.journal)
        let records = FileJournalDamageTests.records(damaged)
        let middle = records[250].lowerBound
        let length = UInt32(damaged.count)
        damaged.replaceSubrange(middle..<(middle + 8), with: JournalFormat.bytes(of: length) + JournalFormat.bytes(of: ~length))
        try folder.write(damaged, to: folder.journal)
        let report = try Journal.repair(folder: folder.url)
        #expect(report.removedFrom == UInt64(middle))
        #expect(report.removedRecords == 249)  // 252...500; 251's frame is the damaged one
        #expect(report.keptRecords == 250)
        let (store, _) = try folder.open()
        #expect(store.state.values == Array(1...250))
    }

    @Test func repairStartsAnEmptyJournalBesideASnapshotWhoseJournalIsMissing() async throws {
        let folder = try await FileJournalDamageTests.journal(snapshotEvery: 150)
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.journal)
        let report = try Journal.repair(folder: folder.url)
        #expect(report.problem == .missingJournal(path: folder.journal.path, snapshotSequence: 450))
        #expect(report.copy == nil)
        #expect(report.lastSequence == 450)
        let (store, journal) = try folder.open()
        #expect(store.state.values == Array(1...450))  // the actions after the snapshot are gone
        #expect(journal.sequence == 450)
    }

    @Test func repairLeavesAFolderThatOpensUnchanged() async throws {
        let folder = try await FileJournalDamageTests.journal(snapshotEvery: 150)
        defer { folder.remove() }
        let before = try folder.bytes(of: folder.journal)
        let report = try Journal.repair(folder: folder.url)
        #expect(report == JournalRepairReport(keptRecords: 50, lastSequence: 500))
        #expect(try folder.bytes(of: folder.journal) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!files.contains { $0.hasPrefix("journal.damaged") })
    }

    @Test func repairRefusesACorruptSnapshotAndChangesNothing() async throws {
        let folder = try await FileJournalDamageTests.journal(snapshotEvery: 150)
        defer { folder.remove() }
        var snapshot = try folder.bytes(of: folder.snapshot)
        snapshot[snapshot.count - 1] ^= 0x01
        try folder.write(snapshot, to: folder.snapshot)
        let journal = try folder.bytes(of: folder.journal)
        #expect(throws: JournalError.corruptSnapshot(path: folder.snapshot.path, reason: "checksum mismatch")) {
            try Journal.repair(folder: folder.url)
        }
        #expect(try folder.bytes(of: folder.journal) == journal)
        #expect(try folder.bytes(of: folder.snapshot) == snapshot)
    }

    @Test func repairNeedsTheFolderClosed() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let journal = try Journal(folder: folder.url)
        #expect(throws: JournalError.locked(path: folder.url.path)) {
            try Journal.repair(folder: folder.url, options: JournalOptions(lockWait: .zero))
        }
        withExtendedLifetime(journal) {}
    }
}
