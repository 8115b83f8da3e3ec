import TestSupport
import Dispatch
import Foundation
import StreamCore
import Testing
import StoreKitLite
import StoreKitLiteTesting

/// Whether an issue's comments contain `text`.
private func mentions(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

/// The timeout of the waits whose duration a test checks: a lost wake-up waits it out, so the
/// test asserts the wait took less than half of it. Four times `generousTimeout`, because in a
/// parallel run on two loaded cores the process-killing journal tests starve the thread pools for
/// half a minute at times (a wait measured 31 s that way), which must not pass for a lost wake-up.
private let wakeTimeout: Double = generousTimeout * 4

/// A count shared with `@Sendable` closures.
private final class Checks: Sendable {
    private let count = LockedState(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Waits (in the test, not in the code under test) until `condition` holds.
private func eventually(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(generousTimeout)
    while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
}

/// The synchronous `receive` (an `async` test would pick the asynchronous overload).
private func receiveBlocking(
    _ action: CounterAction,
    from store: TestStore<Int, CounterAction>,
    timeout: Duration = .seconds(wakeTimeout),
    assert: ((inout Int) -> Void)? = nil
) throws {
    try store.receive(action, timeout: timeout, assert: assert)
}

/// The test store's waits are woken by the change they wait for, never by a poll interval.
@Suite struct TestStoreWaitingTests {
    @Test func anAsyncReceiveChecksOnlyWhenSomethingIsFedBack() async throws {
        // Not exhaustive, with one unrelated action recorded: every check runs the predicate.
        // While the effect pauses, a polling wait would check every few milliseconds.
        let store = TestStore(initialState: 0, reducer: counterReducer, exhaustivity: .off)
        store.store.dispatch(.decrement)
        store.store.dispatch(
            .async { _, send in
                try? await Task.sleep(for: .milliseconds(500))
                send(.add(5))
            })
        let checks = Checks()
        try await store.receive(
            where: {
                checks.increment(); return $0 == .add(5)
            }, timeout: .seconds(generousTimeout)
        ) {
            $0 = 4
        }
        // The first check, then one per change (the action recorded, the effect ending): each
        // runs the predicate on at most the two recorded actions.
        #expect(checks.value <= 7, "checked \(checks.value) times")
        try await store.finish(timeout: .seconds(generousTimeout))
    }

    @Test func anAsyncFinishIsWokenWhenTheLastEffectEnds() async throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        let release = DispatchSemaphore(value: 0)
        store.store.run(
            Signal<CounterAction, Never> { observer in
                Thread {
                    release.wait()
                    observer.receive(completion: .finished)
                }.start()
                return BlockDisposable {}
            })
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { release.signal() }
        let clock = ContinuousClock()
        let start = clock.now
        try await store.finish(timeout: .seconds(wakeTimeout))
        #expect(store.store.runningEffectCount == 0)
        #expect(clock.now - start < .seconds(wakeTimeout / 2))
        #expect(store.activeWaitCount == 0)
    }

    @Test func aSyncFinishIsWokenWhenTheLastEffectEnds() throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        store.store.run(
            Signal<CounterAction, Never> { observer in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
                    observer.receive(completion: .finished)
                }
                return BlockDisposable {}
            })
        try store.finish(timeout: .seconds(generousTimeout))
        #expect(store.store.runningEffectCount == 0)
        #expect(store.activeWaitCount == 0)
    }

    @Test func aCancelledReceiveReturnsAtOnceAndLeavesNoWaiter() async throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        let clock = ContinuousClock()
        let start = clock.now
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await withKnownIssue {
                    try await store.receive(.increment, timeout: .seconds(3_600))
                } matching: { issue in
                    mentions(issue, "no action was fed back")
                }
            }
            await eventually { store.activeWaitCount == 1 }
            group.cancelAll()
        }
        #expect(clock.now - start < .seconds(wakeTimeout / 2))
        #expect(store.activeWaitCount == 0)
        try await store.finish()
    }

    @Test func aTimedOutWaitLeavesNoWaiter() async throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        try await withKnownIssue {
            try await store.receive(.increment, timeout: .milliseconds(20))
        } matching: { issue in
            mentions(issue, "no action was fed back")
        }
        #expect(store.activeWaitCount == 0)
        try withKnownIssue {
            try receiveBlocking(.increment, from: store, timeout: .milliseconds(20))
        } matching: { issue in
            mentions(issue, "no action was fed back")
        }
        #expect(store.activeWaitCount == 0)
        try await store.finish()
    }

    @Test func aCancelledSendStopsWaitingForABusyStore() async throws {
        // A store observer, run by the thread holding the store, blocks after a fed-back action
        // until released; the test's send queues behind it, and cancelling the task ends the
        // wait then, not after the busy-store bound.
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let store = TestStore(initialState: 0, reducer: counterReducer, exhaustivity: .off)
        let observation = store.store.observeNext { state in
            guard state == 99 else { return }
            entered.signal()
            release.wait()
        }
        defer { observation.dispose() }
        Thread { store.store.dispatch(.add(99)) }.start()
        #expect(await wait(for: entered))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await withKnownIssue {
                    try await store.send(.increment)
                } matching: { issue in
                    mentions(issue, "was not reduced before the task was cancelled")
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
            group.cancelAll()
        }
        release.signal()
        // The action stayed queued: it runs once the store is free.
        await eventually { store.state == 100 }
        #expect(store.state == 100)
        try await store.finish(timeout: .seconds(generousTimeout))
    }

    @Test(arguments: [true, false])
    func noWakeUpIsLostWhenActionsRaceTheWait(async: Bool) async throws {
        // Each action is fed back from another thread while the test starts waiting for it: a
        // lost wake-up would leave the wait to its (generous) timeout.
        let store = TestStore(initialState: 0, reducer: counterReducer)
        let queue = DispatchQueue(label: "feedback")
        let clock = ContinuousClock()
        let start = clock.now
        for index in 1...300 {
            queue.async { store.store.dispatch(.add(index)) }
            if async {
                try await store.receive(.add(index), timeout: .seconds(wakeTimeout)) { $0 += index }
            } else {
                try receiveBlocking(.add(index), from: store) { $0 += index }
            }
        }
        #expect(clock.now - start < .seconds(wakeTimeout / 2))
        #expect(store.activeWaitCount == 0)
        try await store.finish()
    }
}
