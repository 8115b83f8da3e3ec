import Dispatch
import Foundation
import Synchronization
import StreamCore
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
            // Every action through the sync queue: these tests check the grouping itself.
            hooks.allowsInlineSync = false
            hooks.willSync = { [self] in
                // Bounded: a test that never opens the gate fails on its counts instead of hanging.
                if holdFirst, holding.exchange(false, ordering: .acquiringAndReleasing) {
                    _ = gate.wait(timeout: .now() + .seconds(60))
                }
            }
            hooks.syncFailure = { [self] in
                failFirst && failing.exchange(false, ordering: .acquiringAndReleasing) ? EIO : nil
            }
            hooks.didSync = { [self] covered in
                fsyncs.add(1, ordering: .relaxed)
                // The highest position synced so far: a sync round's report may arrive after a
                // compaction's (which synced more), so a plain store could go backwards.
                var seen = synced.load(ordering: .relaxed)
                while seen < covered {
                    let (exchanged, original) = synced.compareExchange(
                        expected: seen, desired: covered, ordering: .acquiringAndReleasing)
                    if exchanged { break }
                    seen = original
                }
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

    /// One sender alone: each action is synced at once on the role thread (one fsync per send,
    /// each before its send returns). Senders that queue behind the role during such a sync
    /// switch the journal to grouping: the seven queued here share one fsync.
    @Test func aLoneSenderIsSyncedAtOnceAndSendersQueuedMeanwhileAreGrouped() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let probe = SyncProbe(holdFirst: false)
        let storeRef = LockedState<Store<Tally, TallyAction>?>(nil)
        let inlineCalls = Atomic<Int>(0)
        var hooks = probe.hooks
        hooks.allowsInlineSync = true
        let blockInline = Atomic<Bool>(false)
        let inlineHeld = Atomic<Bool>(false)
        hooks.syncFailure = {
            // Runs before each fsync: in the lone sender's case on the role thread. When asked,
            // hold that fsync until other sends queue behind the role (bounded).
            inlineCalls.add(1, ordering: .relaxed)
            if blockInline.exchange(false, ordering: .acquiringAndReleasing) {
                inlineHeld.store(true, ordering: .releasing)
                let deadline = ContinuousClock.now + .seconds(60)
                while storeRef.withLock({ $0 })?.hasQueuedActions != true, ContinuousClock.now < deadline { usleep(1_000) }
            }
            return nil
        }
        // The first sync round waits (on the sync queue, bounded) until all 28 actions are
        // written, so that it covers the seven queued ones at once.
        let journalRef = LockedState<Journal?>(nil)
        let firstRound = Atomic<Bool>(true)
        let counting = hooks.willSync
        hooks.willSync = {
            if firstRound.exchange(false, ordering: .acquiringAndReleasing) {
                let deadline = ContinuousClock.now + .seconds(60)
                while (journalRef.withLock({ $0 })?.sequence ?? 0) < 28, ContinuousClock.now < deadline { usleep(1_000) }
            }
            counting?()
        }
        let journal = try Journal(folder: folder.url, options: JournalOptions(sync: .always), hooks: hooks)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        storeRef.withLock { $0 = store }
        journalRef.withLock { $0 = journal }
        defer {
            storeRef.withLock { $0 = nil }
            journalRef.withLock { $0 = nil }
        }
        for value in 0..<20 {
            let state = try await store.send(.append(value))
            #expect(UInt64(state.values.count) <= probe.synced.load(ordering: .acquiring), "returned before its fsync")
        }
        #expect(probe.fsyncs.load(ordering: .relaxed) == 20)  // one each, all on the role thread
        #expect(inlineCalls.load(ordering: .relaxed) == 20)
        #expect(journal.sequence == 20)

        // Seven sends queue behind the role while the first one's fsync runs: they are grouped.
        // The first runs on a thread of its own (its fsync is held there, not on a thread of the
        // cooperative pool that other tests need); the test task reads nothing under the
        // journal's lock meanwhile.
        blockInline.store(true, ordering: .releasing)
        let first = Task {
            try await withTaskExecutorPreference(OwnThreadExecutor()) {
                try await store.send(.append(100))
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !inlineHeld.load(ordering: .acquiring), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 1..<8 {
                group.addTask {
                    let state = try await store.send(.append(100 + sender))
                    #expect(UInt64(state.values.count) <= probe.synced.load(ordering: .acquiring), "returned before its fsync")
                }
            }
            try await group.waitForAll()
        }
        let firstState = try await first.value
        #expect(firstState.values.count == 21)  // synced at once, before the seven were written
        #expect(journal.sequence == 28)
        #expect(probe.fsyncs.load(ordering: .relaxed) == 22)  // 20, the blocked one, one round for seven
        let live = store.state
        try journal.close()
        let (reopened, _) = try folder.open()
        #expect(reopened.state == live)
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
