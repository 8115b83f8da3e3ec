import Foundation
import Synchronization
import Testing
@testable import StoreKitLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileJournalSnapshotBackoffTests {
    /// A disk that can be full, and the snapshot attempts it saw.
    final class Disk: Sendable {
        let full = Atomic<Bool>(false)
        let snapshotAttempts = Atomic<Int>(0)
    }

    /// A full disk (every write fails with ENOSPC) with a snapshot overdue: the refused sends do
    /// not each retry the snapshot (which would encode the whole state and fail to write it);
    /// the attempts back off, and once the disk has room again the snapshot is written.
    @Test func refusedSendsUnderAFullDiskBackOffTheOverdueSnapshot() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let disk = Disk()
        var hooks = JournalHooks()
        hooks.writeFailure = { disk.full.load(ordering: .relaxed) ? ENOSPC : nil }
        hooks.snapshotFailure = {
            disk.snapshotAttempts.add(1, ordering: .relaxed)
            return disk.full.load(ordering: .relaxed) ? ENOSPC : nil
        }
        let options = JournalOptions(sync: .always, snapshotEvery: 10)
        let journal = try FileJournal<Tally, TallyAction>(folder: folder.url, options: options, hooks: hooks)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        for value in 0..<10 { _ = try await store.send(.append(value)) }
        #expect(disk.snapshotAttempts.load(ordering: .relaxed) == 0)

        disk.full.store(true, ordering: .relaxed)
        var refused = 0
        for value in 10..<210 {
            do {
                _ = try await store.send(.append(value))
            } catch {
                refused += 1
            }
        }
        #expect(refused == 200)
        #expect(store.state.values == Array(0..<10))
        // Attempts at the 1st, 10th, 27th, 60th and 125th refused send (8, 16, 32, 64 skipped
        // between): 5 in 200, not 200.
        #expect(disk.snapshotAttempts.load(ordering: .relaxed) == 5)
        #expect(journal.lastError == .io(operation: "write", path: folder.journal.path, errno: ENOSPC))
        #expect(journal.snapshotSequence == 0)

        disk.full.store(false, ordering: .relaxed)
        // The back-off is 128 appends by now: the snapshot is written within them.
        for value in 210..<340 { _ = try await store.send(.append(value)) }
        #expect(journal.snapshotSequence > 0)
        #expect(journal.lastError == .io(operation: "write", path: folder.journal.path, errno: ENOSPC))  // kept
        try journal.close()
        let (reopened, _) = try folder.open(options: options)
        #expect(reopened.state.values == Array(0..<10) + Array(210..<340))
    }
}
