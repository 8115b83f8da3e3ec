import Dispatch
import Foundation
import Synchronization
import Testing
@testable import StoreKitLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Group commit under `sync: .always`: concurrent senders' actions share one `fsync`, each
/// `send` returns only after the `fsync` that covered its action, and the log's order is the
/// order the reducer ran.
@Suite struct FileJournalGroupCommitTests {
    typealias Journal = FileJournal<Tally, TallyAction>

    /// Counts the group commits' fsyncs and the highest sequence they covered; can hold the first
    /// round on the sync queue until the test opens the gate.
    final class SyncProbe: Sendable {
        let fsyncs = Atomic<Int>(0)
        let synced = Atomic<UInt64>(0)
        let holdFirst: Bool
        let holding = Atomic<Bool>(true)
        let gate = DispatchSemaphore(value: 0)
        let failFirst: Bool
        let failing = Atomic<Bool>(true)

        init(holdFirst: Bool = true, failFirst: Bool = false) {
            self.holdFirst = holdFirst
            self.failFirst = failFirst
        }

        var hooks: JournalHooks {
            var hooks = JournalHooks()
            hooks.willSync = { [self] in
                if holdFirst, holding.exchange(false, ordering: .acquiringAndReleasing) { gate.wait() }
            }
            hooks.syncFailure = { [self] in
                failFirst && failing.exchange(false, ordering: .acquiringAndReleasing) ? EIO : nil
            }
            hooks.didSync = { [self] covered in
                fsyncs.add(1, ordering: .relaxed)
                synced.store(covered, ordering: .releasing)
            }
            return hooks
        }
    }

    /// Waits (bounded) until the journal has written `count` actions.
    static func waitUntilWritten(_ journal: Journal, _ count: UInt64) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while journal.sequence < count {
            guard ContinuousClock.now < deadline else {
                Issue.record("only \(journal.sequence) of \(count) actions were written")
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test func eightConcurrentSendsShareOneFsyncAndReturnAfterIt() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let probe = SyncProbe()
        let journal = try Journal(folder: folder.url, options: JournalOptions(sync: .always), hooks: probe.hooks)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    let state = try await store.send(.append(sender))
                    // The reducer runs in the log's order: the state holds the actions 1...n.
                    #expect(UInt64(state.values.count) <= probe.synced.load(ordering: .acquiring), "returned before its fsync")
                }
            }
            // The first sync round waits until all eight are written: one fsync covers them.
            try await Self.waitUntilWritten(journal, 8)
            #expect(probe.fsyncs.load(ordering: .relaxed) == 0)
            #expect(store.state.values.isEmpty)  // none reached the reducer before its fsync
            probe.gate.signal()
            try await group.waitForAll()
        }
        #expect(probe.fsyncs.load(ordering: .relaxed) == 1)
        #expect(store.state.values.sorted() == Array(0..<8))
        let live = store.state
        try journal.close()
        let (reopened, _) = try folder.open()
        #expect(reopened.state == live)  // the live order is the log's order
    }

    /// Many rounds: every send returns after an fsync covering it, each sender's actions keep
    /// their order, and the reopened journal gives the live state.
    @Test func concurrentSendersReturnOnlyAfterTheirFsyncAndKeepTheLogsOrder() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let probe = SyncProbe(holdFirst: false)
        let options = JournalOptions(sync: .always, snapshotEvery: 64)
        let journal = try Journal(folder: folder.url, options: options, hooks: probe.hooks)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        let senders = 8
        let perSender = 60
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for index in 0..<perSender {
                        let value = sender * 10_000 + index
                        let state = try await store.send(.append(value))
                        #expect(state.values.contains(value))
                        // The state holds the actions 1...n of the log, all synced.
                        #expect(UInt64(state.values.count) <= probe.synced.load(ordering: .acquiring), "returned before its fsync")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(journal.lastError == nil)
        #expect(journal.snapshotSequence > 0)
        let live = store.state
        try journal.close()
        let (reopened, _) = try folder.open(options: options)
        #expect(reopened.state == live)
        for sender in 0..<senders {
            #expect(live.values.filter { $0 / 10_000 == sender } == (0..<perSender).map { sender * 10_000 + $0 })
        }
    }

    @Test func aFailedFsyncRefusesEverySendItsGroupHeld() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let probe = SyncProbe(failFirst: true)
        let journal = try Journal(folder: folder.url, options: JournalOptions(sync: .always), hooks: probe.hooks)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    do throws(StoreError) {
                        _ = try await store.send(.append(sender))
                        return false
                    } catch {
                        guard case .rejected(let reason) = error else { return false }
                        return reason.contains("fsync")
                    }
                }
            }
            try await Self.waitUntilWritten(journal, 4)
            probe.gate.signal()
            var refused = 0
            for try await wasRefused in group where wasRefused { refused += 1 }
            return refused
        }
        #expect(refused == 4)
        #expect(store.state.values.isEmpty)
        let cause = JournalError.io(operation: "fsync", path: folder.journal.path, errno: EIO)
        #expect(journal.lastError == .failed(reason: cause.description))
        // The journal stopped: what reached the disk is unknown.
        await #expect(throws: StoreError.self) { try await store.send(.append(9)) }
    }
}
