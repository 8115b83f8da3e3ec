import Foundation
import Synchronization
import Testing
@testable import StoreKitLite

@Suite struct FileJournalReplayCheckTests {
    @Test func aDeterministicReducerPassesTheCheckAndSnapshots() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let journal = try FileJournal<Tally, TallyAction>(folder: folder.url, options: JournalOptions(snapshotEvery: 5))
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal, checkingReplay: true)
        for value in 0..<12 { _ = try await store.send(.append(value)) }
        #expect(journal.lastError == nil)
        #expect(journal.snapshotSequence == 10)
        #expect(try journal.replayedState(initialState: Tally(), reducer: tallyReducer) == store.state)
    }

    @Test func aNondeterministicReducerFailsTheCheckAndKeepsTheJournal() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let calls = Atomic<Int>(0)
        // Reads global state: replay gives other values than the live run.
        let clocked = Reducer<Tally, TallyAction>(mutating: { tally, action in
            if case .append = action { tally.values.append(calls.add(1, ordering: .relaxed).newValue) }
        })
        let journal = try FileJournal<Tally, TallyAction>(folder: folder.url, options: JournalOptions(snapshotEvery: 3))
        let store = try Store(initialState: Tally(), reducer: clocked, journal: journal, checkingReplay: true)
        for value in 0..<4 { _ = try await store.send(.append(value)) }
        #expect(journal.lastError == .replayMismatch(sequence: 3))
        #expect(journal.snapshotSequence == 0)  // no snapshot of a state replay cannot reproduce
        #expect(try journal.replayedState(initialState: Tally(), reducer: clocked) != store.state)
    }
}
