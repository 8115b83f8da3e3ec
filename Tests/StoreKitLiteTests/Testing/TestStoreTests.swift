import TestSupport
import Dispatch
import StreamCore
import Testing
import StoreKitLite
import StoreKitLiteTesting

private struct Search: Sendable, Equatable {
    var query = ""
    var results: [String] = []
    var isLoading = false
}

private enum SearchAction: Sendable, Equatable {
    case search(String)
    case loaded([String])
}

private let searchReducer = Reducer<Search, SearchAction> { state, action in
    switch action {
    case .search(let query):
        state.query = query
        state.isLoading = true
    case .loaded(let results):
        state.results = results
        state.isLoading = false
    }
}

/// An effect: every loading state feeds back results after a second.
private func searchEffect(_ scheduler: VirtualTimeScheduler) -> @Sendable (Signal<Search, Never>) -> Signal<SearchAction, Never> {
    { states in
        Signal { observer in
            states.filter(\.isLoading).observeNext { state in
                _ = scheduler.schedule(after: .seconds(1)) { observer.receive(.loaded([state.query.uppercased()])) }
            }
        }
    }
}

/// Whether an issue's comments contain `text`.
private func mentions(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

@Suite struct TestStoreTests {
    @Test func sendAndReceiveAssertExactStateChanges() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.attach(effect: searchEffect(scheduler))
        try store.send(.search("swift")) {
            $0.query = "swift"
            $0.isLoading = true
        }
        scheduler.advance(by: .seconds(1))
        try store.receive(.loaded(["SWIFT"])) {
            $0.results = ["SWIFT"]
            $0.isLoading = false
        }
        store.skipInFlightEffects()  // the attached feedback never ends by itself
        try store.finish()
    }

    @Test func wrongExpectationFailsWithTheDifference() throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        try withKnownIssue {
            try store.send(.increment) { $0 = 2 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("− 2\n+ 1") }
        }
        #expect(store.state == 1)
        try store.send(.add(0))
    }

    @Test func unassertedFedBackActionsFail() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.attach(effect: searchEffect(scheduler))
        try store.send(.search("a")) {
            $0.query = "a"
            $0.isLoading = true
        }
        scheduler.advance(by: .seconds(1))
        #expect(store.unassertedActions == [.loaded(["A"])])
        // The fed-back action was held back, not reduced.
        #expect(store.state.isLoading)
        try withKnownIssue {
            try store.finish()
        } matching: { issue in
            mentions(issue, "1 action(s) fed back but not asserted: [loaded([\"A\"])]")
        }
        try withKnownIssue {
            try store.send(.search("b")) {  // sent anyway, after the failure is recorded
                $0.query = "b"
            }
        } matching: { issue in
            mentions(issue, "Must assert the actions fed back before sending search(\"b\")")
        }
        store.skipReceivedActions()  // reduces loaded(["A"]) unchecked
        #expect(store.state == Search(query: "b", results: ["A"], isLoading: false))
        try withKnownIssue {
            try store.finish(timeout: .zero)
        } matching: { issue in
            mentions(issue, "1 effect(s) still in flight")
        }
        store.skipInFlightEffects()
        try store.finish()
    }

    @Test func receivingTheWrongActionOrNoneFails() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.attach(effect: searchEffect(scheduler))
        try withKnownIssue {
            try store.receive(.loaded([]))
        } matching: { issue in
            mentions(issue, "Expected to receive loaded([]), but no action was fed back")
        }
        try store.send(.search("x")) {
            $0.query = "x"
            $0.isLoading = true
        }
        scheduler.advance(by: .seconds(1))
        try withKnownIssue {
            try store.receive(.loaded(["Y"]))
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Expected to receive loaded([\"Y\"]), received loaded([\"X\"])"]
        }
        #expect(store.state.results == ["X"])  // reduced unchecked, as the real store would have
        store.skipInFlightEffects()
    }

    @Test func receiveWaitsForEffectsOnOtherThreads() throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        store.store.dispatch(.async { _, send in send(.add(3)) })
        try store.receive(.add(3), timeout: .seconds(60)) { $0 = 3 }
        try store.finish()
    }
}

// MARK: Leftovers reported when the test store goes away

/// Creates a test store, leaves an action fed back unasserted and drops the store without
/// `finish()`; `line` receives the line that created it.
private func abandonStoreWithAnUnassertedAction(line: Box<UInt>) throws {
    let scheduler = VirtualTimeScheduler()
    line.mutate { $0 = #line + 1 }
    let store = TestStore(initialState: Search(), reducer: searchReducer)
    let feedback = store.store.attach(effect: searchEffect(scheduler))
    try store.send(.search("a")) {
        $0.query = "a"
        $0.isLoading = true
    }
    scheduler.advance(by: .seconds(1))
    feedback.dispose()  // no effect left: only the unasserted action is reported
}

@Suite struct TestStoreLeftoverTests {
    @Test func forgettingFinishWithAnUnassertedActionRecordsAnIssueAtTheCreationLine() {
        let line = Box<UInt>(0)
        withKnownIssue {
            // A failure here would not match below, so it would fail the test.
            do { try abandonStoreWithAnUnassertedAction(line: line) } catch { Issue.record(error) }
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID
                && issue.sourceLocation?.line == Int(line.value)
                && issue.comments.contains { $0.rawValue.contains("1 action(s) fed back but never asserted: [loaded([\"A\"])]") }
        }
    }

    @Test func forgettingFinishWithAnEffectInFlightRecordsAnIssue() {
        withKnownIssue {
            let scheduler = VirtualTimeScheduler()
            let store = TestStore(initialState: 0, reducer: counterReducer)
            store.store.run(
                Signal { observer in
                    scheduler.schedule(after: .seconds(1)) { observer.receive(lastElement: .increment) }
                })
            do { try store.send(.add(2)) { $0 = 2 } } catch { Issue.record(error) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 effect(s) still in flight") }
        }
    }

    @Test func finishingReportsOnceAndTheStoreGoingAwayAddsNothing() throws {
        // Were `deinit` to report again, this test would fail with an unexpected issue.
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.run(
            Signal { observer in
                scheduler.schedule(after: .seconds(1)) { observer.receive(lastElement: .loaded(["late"])) }
            })
        scheduler.advance(by: .seconds(1))
        try withKnownIssue {
            try store.finish()
        } matching: { issue in
            mentions(issue, "fed back but not asserted")
        }
    }

    @Test func theTestStoreAndItsStoreGoAwayWithTheTest() throws {
        var store: TestStore<Int, CounterAction>? = TestStore(initialState: 0, reducer: counterReducer)
        let weakTestStore = WeakRef(store!)
        let weakStore = WeakRef(store!.store)
        try store!.send(.increment) { $0 = 1 }
        try store!.finish()
        store = nil
        #expect(weakTestStore.object == nil)
        #expect(weakStore.object == nil)
    }

    @Test func exhaustivityOffReportsNothingLeftOver() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer, exhaustivity: .off)
        store.store.attach(effect: searchEffect(scheduler))
        try store.send(.search("a")) { $0.isLoading = true }
        scheduler.advance(by: .seconds(1))
        #expect(store.unassertedActions == [.loaded(["A"])])
        // No finish, an unasserted action and a running feedback: not exhaustive, no issue.
    }
}

// MARK: Exhaustivity off

@Suite struct TestStoreNonExhaustiveTests {
    @Test func checksOnlyWhatTheAssertionSetsAndReducesFedBackActionsAtOnce() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer, exhaustivity: .off)
        store.store.attach(effect: searchEffect(scheduler))
        try store.send(.search("a")) { $0.isLoading = true }  // the query is not asserted
        #expect(store.state.query == "a")
        scheduler.advance(by: .seconds(1))
        #expect(store.state.results == ["A"])  // fed back and reduced at once, not held back
        try store.send(.search("b"))  // the unasserted `.loaded(["A"])` is skipped
        #expect(store.unassertedActions.isEmpty)
        try withKnownIssue {
            try store.send(.search("c")) { $0.query = "wrong" }
        } matching: { issue in
            mentions(issue, "in what the assertion sets") && mentions(issue, "− query: \"wrong\"\n+ query: \"c\"")
        }
        store.skipInFlightEffects()
    }

    @Test func receiveSkipsTheActionsBeforeTheOneExpected() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer, exhaustivity: .off)
        store.store.attach(effect: searchEffect(scheduler))
        try store.send(.search("x"))
        try store.send(.search("y"))
        scheduler.advance(by: .seconds(1))
        #expect(store.unassertedActions == [.loaded(["X"]), .loaded(["Y"])])
        // The state is checked as it was right after the received action.
        try store.receive(.loaded(["Y"])) {
            $0.results = ["Y"]
            $0.isLoading = false
        }
        #expect(store.unassertedActions.isEmpty)
        try withKnownIssue {
            try store.receive(.loaded(["Z"]))
        } matching: { issue in
            mentions(issue, "Expected to receive loaded([\"Z\"])")
        }
        try store.finish(timeout: .zero)  // not exhaustive: the running feedback is not a failure
    }

    @Test func turningExhaustivityOffReducesTheHeldBackActions() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.attach(effect: searchEffect(scheduler))
        try store.send(.search("a")) {
            $0.query = "a"
            $0.isLoading = true
        }
        scheduler.advance(by: .seconds(1))
        #expect(store.state.results == [])  // exhaustive: held back
        store.exhaustivity = .off
        #expect(store.state.results == ["A"])
        try store.receive(.loaded(["A"])) { $0.isLoading = false }
        store.exhaustivity = .on
        store.skipInFlightEffects()
        try store.finish()
    }
}

// MARK: States and actions that are not Equatable

/// Not Equatable: holds a closure.
private struct Player: Sendable {
    var position = 0
    var target: Int?
    var volume = 5
    var onEnd: @Sendable () -> Void = {}
}

/// Not Equatable: a case carries a closure.
private enum PlayerAction: Sendable {
    case seek(Int)
    case sought(at: Int, completion: @Sendable () -> Void)
}

private let playerReducer = Reducer<Player, PlayerAction> { state, action in
    switch action {
    case .seek(let target): state.target = target
    case .sought(let position, _):
        state.position = position
        state.target = nil
    }
}

@Suite struct TestStoreNonEquatableTests {
    @Test func statesComparedWithAFunctionAndActionsMatchedWithAPredicate() throws {
        let store = TestStore(
            initialState: Player(),
            reducer: playerReducer,
            isEqual: { $0.position == $1.position && $0.target == $1.target && $0.volume == $1.volume }
        )
        store.store.attach(effect: { states in
            states.compactMap { $0.target.map { PlayerAction.sought(at: $0, completion: {}) } }
        })
        try store.send(.seek(42)) { $0.target = 42 }
        try store.receive(where: { if case .sought(at: 42, _) = $0 { true } else { false } }) {
            $0.position = 42
            $0.target = nil
        }
        try withKnownIssue {
            try store.send(.seek(1)) {
                $0.target = 1
                $0.volume = 11
            }
        } matching: { issue in
            mentions(issue, "− volume: 11\n+ volume: 5")
        }
        try store.receive(where: { if case .sought = $0 { true } else { false } }) {
            $0.position = 1
            $0.target = nil
        }
        store.store.dispatch(.sought(at: 7, completion: {}))  // fed back from outside the test
        try withKnownIssue {
            try store.receive(where: { if case .seek = $0 { true } else { false } })
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("Expected to receive an action matching the predicate, received sought(at: 7")
            }
        }
        store.skipInFlightEffects()
        try store.finish()
    }
}

// MARK: Async

@Suite struct TestStoreAsyncTests {
    @Test func asyncSendReceiveAndFinish() async throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        try await store.send(.increment) { $0 = 1 }
        store.store.dispatch(
            .async { _, send in
                try? await Task.sleep(for: .milliseconds(20))
                send(.add(3))
            })
        try await store.receive(.add(3), timeout: .seconds(generousTimeout)) { $0 = 4 }
        try await store.finish(timeout: .seconds(generousTimeout))
    }

    @Test func asyncWaitsDoNotBlockTheThreadsTheEffectsNeed() async throws {
        // Far more waiting tests than cooperative threads: were `receive` to block its thread,
        // the effects' tasks could not run and every wait would time out.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let store = TestStore(initialState: 0, reducer: counterReducer)
                    store.store.dispatch(
                        .async { _, send in
                            try? await Task.sleep(for: .milliseconds(10))
                            send(.add(index))
                        })
                    try await store.receive(.add(index), timeout: .seconds(generousTimeout)) { $0 = index }
                    try await store.finish(timeout: .seconds(generousTimeout))
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func zeroTimeoutChecksAtOnceForVirtualTime() async throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.attach(effect: searchEffect(scheduler))
        try await store.send(.search("v")) {
            $0.query = "v"
            $0.isLoading = true
        }
        let clock = ContinuousClock()
        let start = clock.now
        try await withKnownIssue {
            try await store.receive(.loaded(["V"]))  // not advanced yet: fails at once
        } matching: { issue in
            mentions(issue, "but no action was fed back")
        }
        #expect(clock.now - start < .seconds(5))
        scheduler.advance(by: .seconds(1))  // the effect feeds back synchronously
        try await store.receive(.loaded(["V"])) {
            $0.results = ["V"]
            $0.isLoading = false
        }
        store.skipInFlightEffects()
        try await store.finish()
    }
}

// MARK: The test's own actions

@Suite struct TestStoreTestActionTests {
    @Test func anActionDroppedByALaterMiddlewareLeavesTheStateUnchanged() throws {
        let dropDecrements = Middleware<Int, CounterAction> { action, _ in action == .decrement ? nil : action }
        let store = TestStore(initialState: 0, reducer: counterReducer, middleware: [dropDecrements])
        try store.send(.decrement)  // dropped: no change expected
        try store.send(.increment) { $0 = 1 }
        try withKnownIssue {
            try store.send(.decrement) { $0 = 0 }  // a dropped action cannot change the state
        } matching: { issue in
            mentions(issue, "− 0\n+ 1")
        }
        try store.finish()
    }

    @Test func actionsFromOtherThreadsNeverPassForTheTestsOwn() throws {
        // Not exhaustive, so the other thread's actions are reduced between the test's; each
        // send must still be checked against the state right after its own action.
        let store = TestStore(initialState: Search(), reducer: searchReducer, exhaustivity: .off)
        let done = DispatchSemaphore(value: 0)
        // A bounded burst (an unbounded one would only grow the store's queue: dispatch never
        // waits), overlapping the test's sends.
        DispatchQueue.global().async {
            for count in 0..<2_000 { store.store.dispatch(.loaded(["\(count)"])) }
            done.signal()
        }
        for index in 0..<200 {
            try store.send(.search("q\(index)")) {
                $0.query = "q\(index)"
                $0.isLoading = true
            }
        }
        #expect(done.wait(timeout: generousDeadline()) == .success)
    }
}
