import Foundation
import Testing
@testable import StoreKitLite

/// Damage a crash cannot do but a disk, a backup tool or a person can, each made by hand on a
/// real 500-action journal the journal wrote (without snapshots, and with one every 150
/// actions): opening throws the typed error that names the file and the offset, and changes
/// nothing.
@Suite struct FileJournalDamageTests {
    static let actions = (1...500).map(TallyAction.append)

    /// A folder holding 500 actions; `snapshotEvery` 1,000 writes no snapshot.
    static func journal(snapshotEvery: Int) async throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try await folder.run(actions, options: JournalOptions(snapshotEvery: snapshotEvery))
        return folder
    }

    /// The byte ranges of the journal file's records (the frame's length comes first in both
    /// formats, and a frame is its header and its payload).
    static func records(_ file: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = JournalFormat.journalHeaderSize
        while offset + JournalFormat.recordHeaderSize <= file.count {
            let length = Int(JournalFormat.load(UInt32.self, file, at: offset))
            let end = offset + JournalFormat.recordHeaderSize + length
            ranges.append(offset..<end)
            offset = end
        }
        return ranges
    }

    /// Writes `damaged` over the journal and checks that opening throws `expected` and leaves
    /// the file as it is.
    static func expectOpening(
        _ folder: TemporaryFolder, throws expected: JournalError, damaged: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try folder.write(damaged, to: folder.journal)
        #expect(throws: expected, sourceLocation: sourceLocation) { try folder.open() }
        #expect(try folder.bytes(of: folder.journal) == damaged, "opening changed the file", sourceLocation: sourceLocation)
    }

    @Test(arguments: [1_000, 150])
    func aFrameInTheMiddleWhoseLengthPointsPastTheEnd(snapshotEvery: Int) async throws {
        let folder = try await Self.journal(snapshotEvery: snapshotEvery)
        defer { folder.remove() }
        var file = try folder.bytes(of: folder.journal)
        let records = Self.records(file)
        let middle = records[records.count / 2].lowerBound
        // A length, with its matching complement, that runs past the end of the file.
        let length = UInt32(file.count)
        file.replaceSubrange(middle..<(middle + 8), with: JournalFormat.bytes(of: length) + JournalFormat.bytes(of: ~length))
        let next = records[records.count / 2 + 1].lowerBound
        try Self.expectOpening(
            folder,
            throws: .corruptRecord(
                path: folder.journal.path, offset: UInt64(middle),
                reason: "frame runs past the end of the file, but an intact record follows at offset \(next)"),
            damaged: file)
    }

    @Test(arguments: [1_000, 150])
    func aDeletedRecord(snapshotEvery: Int) async throws {
        let folder = try await Self.journal(snapshotEvery: snapshotEvery)
        defer { folder.remove() }
        var file = try folder.bytes(of: folder.journal)
        let records = Self.records(file)
        let index = records.count / 3
        file.removeSubrange(records[index])
        let expected = UInt64(500 - records.count + index + 1)
        try Self.expectOpening(
            folder,
            throws: .recordOutOfSequence(
                path: folder.journal.path, offset: UInt64(records[index].lowerBound), expected: expected,
                found: expected + 1),
            damaged: file)
    }

    @Test(arguments: [1_000, 150])
    func aDuplicatedRecord(snapshotEvery: Int) async throws {
        let folder = try await Self.journal(snapshotEvery: snapshotEvery)
        defer { folder.remove() }
        var file = try folder.bytes(of: folder.journal)
        let records = Self.records(file)
        let index = records.count / 3
        file.insert(contentsOf: file[records[index]], at: records[index].upperBound)
        let duplicated = UInt64(500 - records.count + index + 1)
        try Self.expectOpening(
            folder,
            throws: .recordOutOfSequence(
                path: folder.journal.path, offset: UInt64(records[index].upperBound), expected: duplicated + 1,
                found: duplicated),
            damaged: file)
    }

    @Test(arguments: [1_000, 150])
    func aSwappedPairOfRecords(snapshotEvery: Int) async throws {
        let folder = try await Self.journal(snapshotEvery: snapshotEvery)
        defer { folder.remove() }
        var file = try folder.bytes(of: folder.journal)
        let records = Self.records(file)
        let index = records.count / 3
        let (first, second) = (records[index], records[index + 1])
        file.replaceSubrange(first.lowerBound..<second.upperBound, with: file[second] + file[first])
        let expected = UInt64(500 - records.count + index + 1)
        try Self.expectOpening(
            folder,
            throws: .recordOutOfSequence(
                path: folder.journal.path, offset: UInt64(first.lowerBound), expected: expected, found: expected + 1),
            damaged: file)
    }

    @Test func aDeletedJournalBesideASnapshot() async throws {
        let folder = try await Self.journal(snapshotEvery: 150)
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.journal)
        #expect(throws: JournalError.missingJournal(path: folder.journal.path, snapshotSequence: 450)) {
            try folder.open()
        }
        #expect(!FileManager.default.fileExists(atPath: folder.journal.path))  // not recreated
    }

    /// A journal restored from an older backup, beside a newer snapshot.
    @Test func aSnapshotNewerThanTheJournal() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let options = JournalOptions(snapshotEvery: 150)
        try await folder.run(Array(Self.actions[..<200]), options: options)
        let older = try folder.bytes(of: folder.journal)  // actions 151...200
        try await folder.run(Array(Self.actions[200...]), options: options)
        try Self.expectOpening(
            folder,
            throws: .snapshotAheadOfJournal(path: folder.journal.path, snapshotSequence: 450, journalSequence: 200),
            damaged: older)
    }
}
