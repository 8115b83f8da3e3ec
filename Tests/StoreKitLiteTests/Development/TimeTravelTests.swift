import Foundation
import StoreKitLite
import StreamCore
import Testing
import TestSupport

@Suite struct TimeTravelTests {
    @Test func showingAStateSetsTheStoresStateAndObserversReceiveIt() async throws {
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        let seen = Box<[Int]>([])
        let observation = store.observeNext { state in seen.mutate { $0.append(state) } }
        defer { observation.dispose() }
        try await store.send(.add(5))
        try await store.send(.add(7))
        try await travel.show(5, after: .add(5))
        #expect(store.state == 5)
        #expect(travel.isAway)
        #expect(seen.value == [0, 5, 12, 5])
    }

    @Test func actionsSentWhileAwayWaitAndRunFromThePresentInOrder() async throws {
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        try await store.send(.add(10))
        try await travel.show(0, after: .add(10))
        let seen = Box<[Int]>([])
        let observation = store.observeNext { state in seen.mutate { $0.append(state) } }
        defer { observation.dispose() }
        let first = Task { try await store.send(.add(1)) }
        try await waitUntil("the action is held") { travel.heldActionCount >= 1 }
        store.dispatch(.decrement)
        #expect(travel.heldActionCount == 2)
        #expect(store.state == 0)  // nothing reduced while away
        try await travel.returnToPresent(10, after: .add(10))
        #expect(try await first.value == 11)  // from the present, not from the shown 0
        await store.drained()
        #expect(seen.value == [0, 10, 11, 10])  // in the order they arrived
        #expect(!travel.isAway)
        #expect(travel.heldActionCount == 0)
    }

    @Test func installCountPlusTheReducersCallsIsTheUpdatesNumber() async throws {
        let travel = TimeTravel<Int, CounterAction>()
        let calls = Box(0)
        let counting = Reducer<Int, CounterAction>(mutating: { state, action throws(StoreError) in
            // What a tool numbering the reducer's calls reads: the update this call makes.
            calls.mutate { $0 += 1 }
            try counterReducer(&state, action)
        })
        let store = Store(initialState: 0, reducer: counting, timeTravel: travel)
        let sequences = Box<[UInt64]>([])
        let observation = store.updates.observeNext { sequences.append($0.sequence) }
        defer { observation.dispose() }
        try await store.send(.add(2))
        try await travel.show(0, after: .add(2))
        let held = Task { try await store.send(.add(3)) }
        try await waitUntil("the action is held") { travel.heldActionCount == 1 }
        try await travel.returnToPresent(2, after: .add(2))
        _ = try await held.value
        #expect(travel.installCount == 2)
        #expect(calls.value == 2)
        // The last update's number counts both installs and both reducer calls.
        #expect(sequences.value.last == UInt64(calls.value + travel.installCount))
        #expect(sequences.value == [0, 1, 2, 3, 4])
    }

    @Test func thePresentCanBeAStateTheStoreNeverReduced() async throws {
        // Redux DevTools' "skip": the present is recomputed without an action.
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        try await store.send(.add(2))
        try await store.send(.add(3))
        try await travel.show(3, after: .add(3))  // as if .add(2) had never happened
        try await travel.returnToPresent(3, after: .add(3))
        #expect(try await store.send(.increment) == 4)
    }

    @Test func middlewareStillSeesActionsWhenTheyAreSentWhileAway() async throws {
        let seen = Box<[CounterAction]>([])
        let watch = Middleware<Int, CounterAction> { action, _ in
            seen.mutate { $0.append(action) }
            return action
        }
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [watch], timeTravel: travel)
        try await travel.show(100, after: .increment)
        store.dispatch(.increment)
        #expect(seen.value == [.increment])
        #expect(store.state == 100)
        try await travel.returnToPresent(0, after: .increment)
        await store.drained()
        #expect(store.state == 1)
    }

    @Test func anActionHeldByAnEarlierMiddlewareAndResumedWhileAwayIsHeldAgain() async throws {
        let held = Box<HeldAction<Int, CounterAction>?>(nil)
        let hold = Middleware<Int, CounterAction>(holding: { action, _, holder in
            guard action == .increment else { return action }
            held.value = holder.hold(action)
            return nil
        })
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [hold], timeTravel: travel)
        let sent = Task { try await store.send(.increment) }
        try await waitUntil("the middleware holds the action") { held.value != nil }
        try await travel.show(50, after: .add(50))
        held.value?.resume()
        try await waitUntil("the action is held") { travel.heldActionCount >= 1 }
        #expect(store.state == 50)
        try await travel.returnToPresent(7, after: .add(7))
        #expect(try await sent.value == 8)
    }

    @Test func showingOnAClosedOrGoneStoreThrowsStoreClosed() async throws {
        let travel = TimeTravel<Int, CounterAction>()
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        store?.close()
        await #expect(throws: StoreError.storeClosed) { try await travel.show(1, after: .increment) }
        store = nil
        await #expect(throws: StoreError.storeClosed) { try await travel.show(1, after: .increment) }
        let unattached = TimeTravel<Int, CounterAction>()
        await #expect(throws: StoreError.storeClosed) { try await unattached.returnToPresent(1, after: .increment) }
    }

    @Test func aControlControlsOnlyTheFirstStoreCreatedWithIt() async throws {
        let travel = TimeTravel<Int, CounterAction>()
        let first = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        let second = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        try await travel.show(9, after: .increment)
        #expect(first.state == 9)
        #expect(second.state == 0)
        try await travel.returnToPresent(0, after: .increment)
    }

    @Test func manyThreadsSendingWhileAwayLoseNoActionAndRunEachOnce() async throws {
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, timeTravel: travel)
        try await store.send(.add(1_000))
        try await travel.show(-1, after: .add(1_000))
        let threads = 8
        let perThread = 500
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread { store.dispatch(.increment) }
        }
        await store.drained()  // every action has reached the gate
        #expect(travel.heldActionCount == threads * perThread)
        #expect(store.state == -1)
        try await travel.returnToPresent(1_000, after: .add(1_000))
        await store.drained()
        #expect(store.state == 1_000 + threads * perThread)
    }

    @Test func heldActionsResumeOnlyAfterEveryQueuedInstallHasRun() async throws {
        // Two returns queued behind a busy holder: the first install's completion must not
        // resume the held actions while the second install is still queued (it would run after
        // them and be taken for one of them).
        let travel = TimeTravel<Int, CounterAction>()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let block = Middleware<Int, CounterAction> { action, _ in
            if action == .add(100) {
                entered.signal()
                release.wait()
            }
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [block], timeTravel: travel)
        try await travel.show(0, after: .increment)
        store.dispatch(.increment)  // held
        let busy = Thread { store.dispatch(.add(100)) }  // takes the role and waits in the middleware
        busy.start()
        entered.wait()
        async let one: Void = travel.returnToPresent(5, after: .add(1_000))
        async let two: Void = travel.returnToPresent(5, after: .add(1_000))
        try await waitUntil("both installs are queued") { store.queuedActionCount == 2 }
        release.signal()
        _ = try await (one, two)
        await store.drained()
        #expect(store.state == 106)  // the present 5, then the held increment and add(100)
        #expect(travel.heldActionCount == 0)
    }

    @Test func returningTwiceAtOnceResumesTheHeldActionsOnce() async throws {
        let runs = Box(0)
        let counting = Reducer<Int, CounterAction>(mutating: { state, action in
            if action == .add(5) { runs.mutate { $0 += 1 } }
            state += action == .add(5) ? 5 : 0
        })
        let travel = TimeTravel<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counting, timeTravel: travel)
        try await travel.show(0, after: .increment)
        store.dispatch(.add(5))
        async let one: Void = travel.returnToPresent(0, after: .increment)
        async let two: Void = travel.returnToPresent(0, after: .increment)
        _ = try await (one, two)
        await store.drained()
        #expect(runs.value == 1)
        #expect(!travel.isAway)
        #expect(travel.heldActionCount == 0)
    }
}

/// Waits (yielding) until `condition` holds, or fails the test after 10 s: a broken gate fails
/// instead of hanging the run.
private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(what)")
            throw CancellationError()
        }
        await Task.yield()
    }
}
