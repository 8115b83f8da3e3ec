import Foundation
import Testing
@testable import StoreKitLite

@Suite struct FileJournalStressTests {
    /// Eight tasks send at once while the batched policy's timer syncs and snapshots compact:
    /// every send's state holds its own action, and a reopened store holds them all, each
    /// sender's in its order.
    @Test func concurrentSendersLoseNothingAndKeepEachSendersOrder() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let options = JournalOptions(sync: .batched(every: .milliseconds(1)), snapshotEvery: 50)
        let senders = 8
        let perSender = 150
        do {
            let (store, journal) = try folder.open(options: options)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for sender in 0..<senders {
                    group.addTask {
                        for index in 0..<perSender {
                            let value = sender * 10_000 + index
                            let state = try await store.send(.append(value))
                            #expect(state.values.last == value)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(journal.sequence == UInt64(senders * perSender))
            #expect(journal.lastError == nil)
            // The last sender's action may have been run by a thread that still holds the store:
            // close the journal rather than wait for its deinit to release the folder.
            try journal.close()
        }
        let (store, journal) = try folder.open(options: options)
        #expect(journal.snapshotSequence > 0)
        let values = store.state.values
        #expect(values.count == senders * perSender)
        for sender in 0..<senders {
            #expect(values.filter { $0 / 10_000 == sender } == (0..<perSender).map { sender * 10_000 + $0 })
        }
    }
}
