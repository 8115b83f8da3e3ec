import Foundation
import Testing
@testable import StoreKitLite

/// The read-only reader of a journal's folder: what it returns replays to the store's state, it
/// never changes a file nor takes the lock, a torn tail is ignored and said, and damage is the
/// typed error opening reports.
@Suite struct FileJournalReaderTests {
    /// Every file of the folder and its bytes.
    static func files(of folder: TemporaryFolder) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            files[name] = try folder.bytes(of: folder.url.appendingPathComponent(name))
        }
        return files
    }

    /// The state `contents` replays to from `initial`.
    static func replayed(_ contents: JournalContents<Tally, TallyAction>) -> Tally {
        var state = contents.snapshot ?? Tally()
        for entry in contents.entries { if let action = entry.action { try? tallyReducer(&state, action) } }
        return state
    }

    @Test func readsTheSnapshotAndTheActionsAfterItWhichReplayToTheStoresState() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let actions = (1...25).map(TallyAction.append) + [.refuse, .append(26)]
        let live = try await folder.run(actions, options: JournalOptions(snapshotEvery: 10))
        let contents = try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        #expect(contents.snapshotSequence == 20)
        #expect(contents.snapshot == straightReplay(Array(actions.prefix(20))))
        #expect(contents.entries.map(\.sequence) == Array(21...27))
        #expect(contents.entries.compactMap(\.action) == Array(actions.suffix(7)))
        #expect(contents.entries.allSatisfy { $0.date == nil })
        #expect(Self.replayed(contents) == live)
        #expect(contents.notes.isEmpty)
        #expect(contents.source == "FileJournal \(folder.url.path)")
    }

    @Test func readsAFolderAJournalHoldsOpenAndChangesNoFile() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let journal = try FileJournal<Tally, TallyAction>(folder: folder.url)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        for value in 1...5 { try await store.send(.append(value)) }
        let before = try Self.files(of: folder)
        // The folder is locked by the open journal: a reader does not need the lock.
        let contents = try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        #expect(Self.replayed(contents) == store.state)
        #expect(try Self.files(of: folder) == before)
        try await store.send(.append(6))  // the journal still appends
        #expect(try FileJournalReader<Tally, TallyAction>(folder: folder.url).read().entries.count == 6)
        try journal.close()
    }

    @Test func ignoresATornTailAndSaysSo() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1), .append(2)])
        let intact = try folder.bytes(of: folder.journal)
        let record = JournalFormat.record(Array(#"{"append":{"_0":3}}"#.utf8), sequence: 3)
        let torn = intact + record.prefix(record.count - 4)
        try folder.write(torn, to: folder.journal)
        let contents = try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        #expect(contents.entries.compactMap(\.action) == [.append(1), .append(2)])
        #expect(contents.notes == ["a torn tail of \(record.count - 4) bytes after action 2 was ignored (a crash, or an append in progress)"])
        #expect(try folder.bytes(of: folder.journal) == torn, "the reader cut the file")
    }

    @Test func anUndecodableRecordIsAnEntryThatSaysWhy() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.append(1)])
        // An intact record (its checksum matches) of an action this type does not have.
        let alien = JournalFormat.record(Array(#"{"launch":{}}"#.utf8), sequence: 2)
        try folder.write(try folder.bytes(of: folder.journal) + alien, to: folder.journal)
        let contents = try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        #expect(contents.entries.count == 2)
        guard case .undecodable(let reason) = contents.entries[1].content else {
            Issue.record("not undecodable: \(contents.entries[1])")
            return
        }
        #expect(!reason.isEmpty)
        #expect(throws: JournalError.self) { try folder.open() }  // a store refuses to open on it
    }

    @Test func damageIsTheTypedErrorOpeningReports() async throws {
        let folder = try await FileJournalDamageTests.journal(snapshotEvery: 1_000)
        defer { folder.remove() }
        var file = try folder.bytes(of: folder.journal)
        let records = FileJournalDamageTests.records(file)
        // A record removed from the middle: the next one is out of sequence.
        let removed = records[10]
        file.removeSubrange(removed)
        try folder.write(file, to: folder.journal)
        let expected = JournalError.recordOutOfSequence(
            path: folder.journal.path, offset: UInt64(removed.lowerBound), expected: 11, found: 12)
        #expect(throws: expected) { try FileJournalReader<Tally, TallyAction>(folder: folder.url).read() }
        #expect(throws: expected) { try folder.open() }
    }

    @Test func aBadSnapshotAndAMissingJournalAreTypedErrors() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: JournalError.io(operation: "open", path: folder.journal.path, errno: ENOENT)) {
            try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        }
        try await folder.run((1...12).map(TallyAction.append), options: JournalOptions(snapshotEvery: 5))
        var snapshot = try folder.bytes(of: folder.snapshot)
        snapshot[snapshot.count - 1] ^= 0xFF
        try folder.write(snapshot, to: folder.snapshot)
        #expect(throws: JournalError.corruptSnapshot(path: folder.snapshot.path, reason: "checksum mismatch")) {
            try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        }
        snapshot[snapshot.count - 1] ^= 0xFF
        try folder.write(snapshot, to: folder.snapshot)
        try FileManager.default.removeItem(at: folder.journal)
        #expect(throws: JournalError.missingJournal(path: folder.journal.path, snapshotSequence: 10)) {
            try FileJournalReader<Tally, TallyAction>(folder: folder.url).read()
        }
    }

    @Test func readsWithinTheJournalsBounds() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try await folder.run([.blob(String(repeating: "x", count: 400))])
        // A record over the reader's `maxRecordBytes` is damage it refuses to read.
        let reader = FileJournalReader<Tally, TallyAction>(folder: folder.url, options: JournalOptions(maxRecordBytes: 100))
        #expect(throws: JournalError.self) { try reader.read() }
    }

    @Test func readingWhileTheJournalSnapshotsAndCompactsAlwaysGivesAConsistentHistory() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let journal = try FileJournal<Tally, TallyAction>(
            folder: folder.url, options: JournalOptions(sync: .never, snapshotEvery: 7))
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        let reader = FileJournalReader<Tally, TallyAction>(folder: folder.url)
        let done = SharedValue(false)
        let failures = SharedValue(0)
        let reads = SharedValue(0)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            // At least one read after the last send, so that the last snapshot is read too.
            var last = false
            while !last {
                last = done.value
                do {
                    let contents = try reader.read()
                    // Whatever it read, the history is whole: the snapshot and the actions after it.
                    let state = FileJournalReaderTests.replayed(contents)
                    if state.values != Array(1..<(state.values.count + 1)) {
                        failures.value += 1
                    }
                    reads.value += 1
                } catch {
                    failures.value += 1
                }
            }
            finished.signal()
        }
        thread.start()
        for value in 1...400 { try await store.send(.append(value)) }
        done.value = true
        while finished.wait(timeout: .now()) == .timedOut { try await Task.sleep(for: .milliseconds(5)) }
        try journal.close()
        #expect(reads.value > 0)
        #expect(failures.value == 0)
    }
}

/// A value shared with a thread, behind a lock.
private final class SharedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
