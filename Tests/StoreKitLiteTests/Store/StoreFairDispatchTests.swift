import Dispatch
import Foundation
import StoreKitLite
import Synchronization
import Testing
import TestSupport

private enum Work: Sendable, Equatable {
    /// Blocks in the reducer until the test opens the gate.
    case slow
    case item(Int)
    /// Dispatches `count` more actions from the observer, on the holding thread.
    case fanOut(Int)
}

/// A store whose `.slow` action holds the dispatch role on a thread of its own until released,
/// and which records the items it ran and the thread that ran each.
private final class Fixture: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    /// Items in the order the reducer ran them.
    let ran = Box<[Int]>([])
    /// How many items the thread that dispatched `.slow` ran itself.
    let ranByHolder = Box(0)
    let holder = Box<UInt>(0)
    let store: Store<Int, Work>
    let subscription: Box<(any Disposable)?> = Box(nil)

    init(queue: ActionQueuePolicy = .unbounded) {
        let (entered, release, ran, ranByHolder, holder) = (entered, release, ran, ranByHolder, holder)
        store = Store(
            initialState: 0,
            reducer: Reducer(mutating: { count, action in
                switch action {
                case .slow:
                    holder.value = pthreadID()
                    entered.signal()
                    release.wait()
                case .item(let value):
                    ran.mutate { $0.append(value) }
                    if pthreadID() == holder.value { ranByHolder.mutate { $0 += 1 } }
                    count += 1
                case .fanOut:
                    break
                }
            }), queue: queue)
        let store = store
        subscription.value = store.updates.observeNext { update in
            if case .fanOut(let count)? = update.lastAction {
                for index in 0..<count { store.dispatch(.item(1_000 + index)) }
            }
        }
    }

    /// Starts `.slow` on a thread of its own; the returned semaphore is signalled when that
    /// thread's `dispatch` returned.
    func hold() async -> DispatchSemaphore {
        let returned = DispatchSemaphore(value: 0)
        Thread { [store] in
            store.dispatch(.slow)
            returned.signal()
        }.start()
        #expect(await wait(for: entered))
        return returned
    }

    deinit { subscription.value?.dispose() }
}

private func pthreadID() -> UInt {
    withUnsafeBytes(of: pthread_self()) { $0.load(as: UInt.self) }
}

/// Polls `condition` every millisecond until it holds, for at most 60 s; `false` if it never did.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

@Suite struct StoreFairDispatchTests {
    /// Issue 33: a `dispatch` that took the role drained every other thread's actions (2.67 s
    /// for one call under three producers). Now it runs at most a fair share of them.
    @Test func aHolderRunsAtMostAFairShareOfOtherThreadsActions() async {
        let fixture = Fixture()
        let returned = await fixture.hold()
        let queuedByOthers = 1_000
        let producer = DispatchSemaphore(value: 0)
        Thread { [store = fixture.store] in
            for index in 0..<queuedByOthers { store.dispatch(.item(index)) }
            producer.signal()
        }.start()
        #expect(await wait(for: producer))  // queued behind the holder: returned at once
        #expect(fixture.ran.value.isEmpty)
        fixture.release.signal()
        #expect(await wait(for: returned))
        await fixture.store.drained()
        #expect(fixture.ran.value == Array(0..<queuedByOthers))  // all, in order
        // The holder ran its own action and at most 64 of the others (main: all 1,000).
        #expect(fixture.ranByHolder.value <= 64)
        #expect(fixture.ranByHolder.value >= 1)
    }

    /// What the holder queues itself (an observer's dispatches) is its own work: with no other
    /// thread involved, `dispatch` returns only after it, however much there is.
    @Test func aLoneThreadsFollowUpsAllRunBeforeItsDispatchReturns() {
        let fixture = Fixture()
        fixture.store.dispatch(.fanOut(5_000))
        #expect(fixture.ran.value == Array(1_000..<6_000))
        #expect(fixture.store.state == 5_000)
    }

    @Test func aFullFailingQueueRefusesTheNewAction() async throws {
        let fixture = Fixture(queue: .bounded(3, whenFull: .fail))
        let returned = await fixture.hold()
        for index in 0..<5 { fixture.store.dispatch(.item(index)) }  // 3 queued, 2 dropped
        await #expect(throws: StoreError.queueFull) { try await fixture.store.send(.item(5)) }
        #expect(fixture.store.queuedActionCount == 3)
        fixture.release.signal()
        #expect(await wait(for: returned))
        await fixture.store.drained()
        #expect(fixture.ran.value == [0, 1, 2])
        #expect(try await fixture.store.send(.item(6)) == 4)  // room again
    }

    @Test func aFullDropOldestQueueDropsTheOldestAndTellsItsSender() async throws {
        let fixture = Fixture(queue: .bounded(2, whenFull: .dropOldest))
        let returned = await fixture.hold()
        let store = fixture.store
        let first = Task { () throws(StoreError) -> Int in try await store.send(.item(0)) }
        #expect(await eventually { store.queuedActionCount == 1 })
        store.dispatch(.item(1))
        store.dispatch(.item(2))  // full: drops 0
        await #expect(throws: StoreError.queueFull) { try await first.value }
        #expect(store.queuedActionCount == 2)
        fixture.release.signal()
        #expect(await wait(for: returned))
        await store.drained()
        #expect(fixture.ran.value == [1, 2])
    }

    @Test func aFullSuspendingQueueBlocksDispatchUntilThereIsRoom() async {
        let fixture = Fixture(queue: .bounded(2, whenFull: .suspend))
        let returned = await fixture.hold()
        let calls = Box(0)
        let producerDone = DispatchSemaphore(value: 0)
        Thread { [store = fixture.store] in
            for index in 0..<6 {
                store.dispatch(.item(index))
                calls.mutate { $0 += 1 }
            }
            producerDone.signal()
        }.start()
        #expect(await eventually { calls.value == 2 && fixture.store.queuedActionCount == 2 })
        try? await Task.sleep(for: .milliseconds(50))
        #expect(calls.value == 2)  // the third call waits for room (main: all 6 return at once)
        #expect(fixture.store.queuedActionCount == 2)
        fixture.release.signal()
        #expect(await wait(for: producerDone))
        #expect(await wait(for: returned))
        await fixture.store.drained()
        #expect(fixture.ran.value == Array(0..<6))  // nothing lost, in order
    }

    @Test func suspendedSendsAreServedInArrivalOrder() async throws {
        let fixture = Fixture(queue: .bounded(1, whenFull: .suspend))
        let returned = await fixture.hold()
        let store = fixture.store
        var senders: [Task<Int, any Error>] = []
        for index in 0..<8 {
            senders.append(Task { try await store.send(.item(index)) })
            // Each send is in line before the next starts, so arrival order is 0…7.
            #expect(await eventually { store.queuedActionCount == 1 && store.waitingActionCount == index })
        }
        fixture.release.signal()
        for sender in senders { _ = try await sender.value }
        #expect(await wait(for: returned))
        #expect(fixture.ran.value == Array(0..<8))
    }

    /// The holder's own dispatches are never bounded: it would wait for itself.
    @Test func theHoldersOwnDispatchesAreNeverBlockedByAFullQueue() async {
        let fixture = Fixture(queue: .bounded(1, whenFull: .suspend))
        let returned = await fixture.hold()
        let store = fixture.store
        let producerDone = DispatchSemaphore(value: 0)
        Thread {
            store.dispatch(.fanOut(50))  // queued: fills the queue
            store.dispatch(.item(-1))  // blocks until there is room
            producerDone.signal()
        }.start()
        #expect(await eventually { store.queuedActionCount == 1 })
        fixture.release.signal()
        // The holder runs `.fanOut(50)`; its observer dispatches 50 actions on the holding thread
        // into a full queue of capacity 1. A bound applied to them would deadlock here.
        #expect(await wait(for: producerDone))
        #expect(await wait(for: returned))
        await store.drained()
        #expect(fixture.ran.value.count == 51)
        #expect(Set(fixture.ran.value) == Set(Array(1_000..<1_050) + [-1]))
    }

    @Test func drainedReturnsAtOnceOnAnIdleStoreAndAfterQueuedWorkOtherwise() async {
        let fixture = Fixture()
        await fixture.store.drained()
        let returned = await fixture.hold()
        for index in 0..<10 { fixture.store.dispatch(.item(index)) }
        let drained = Task { await fixture.store.drained() }
        try? await Task.sleep(for: .milliseconds(20))
        #expect(fixture.ran.value.isEmpty)
        fixture.release.signal()
        await drained.value
        #expect(fixture.ran.value == Array(0..<10))
        #expect(await wait(for: returned))
    }
}
