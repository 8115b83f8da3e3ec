import StreamCore
import Testing
import StoreKitLite

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
        try store.finish()
    }

    @Test func wrongExpectationFailsWithTheDifference() {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        #expect(throws: TestStoreFailure.self) {
            try store.send(.increment) { $0 = 2 }
        }
        #expect(store.state == 1)
        #expect(throws: Never.self) { try store.send(.add(0)) }
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
        do {
            try store.finish()
            Issue.record("finish() should have failed")
        } catch {
            #expect(error.kind == .unassertedActions)
        }
        do {
            try store.send(.search("b"))
            Issue.record("send should have failed")
        } catch {
            #expect(error.kind == .unassertedActions)
        }
        store.skipReceivedActions()
        try store.finish()
    }

    @Test func receivingTheWrongActionOrNoneFails() throws {
        let scheduler = VirtualTimeScheduler()
        let store = TestStore(initialState: Search(), reducer: searchReducer)
        store.store.attach(effect: searchEffect(scheduler))
        do {
            try store.receive(.loaded([]))
            Issue.record("receive should have failed")
        } catch {
            #expect(error.kind == .noActionReceived)
        }
        try store.send(.search("x")) {
            $0.query = "x"
            $0.isLoading = true
        }
        scheduler.advance(by: .seconds(1))
        do {
            try store.receive(.loaded(["Y"]))
            Issue.record("receive should have failed")
        } catch {
            #expect(error.kind == .unexpectedAction)
        }
    }

    @Test func receiveWaitsForEffectsOnOtherThreads() throws {
        let store = TestStore(initialState: 0, reducer: counterReducer)
        store.store.dispatch(.async { _, send in send(.add(3)) })
        try store.receive(.add(3), timeout: .seconds(60)) { $0 = 3 }
        try store.finish()
    }
}
