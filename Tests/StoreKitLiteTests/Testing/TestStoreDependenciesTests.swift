import Dispatch
import StoreKitLite
import StoreKitLiteTesting
import Testing
import TestSupport

/// `TestStore` runs with test values; a dependency without one is a failure naming it.
@Suite struct TestStoreDependenciesTests {
    struct Order: Equatable, Sendable {
        var requestID = ""
        var prices: [Int] = []
    }

    enum Action: Equatable, Sendable {
        case identify
        case price
        case priceLater
    }

    static let reducer = Reducer<Order, Action>(mutating: { order, action in
        @Dependency(\.requestID) var requestID
        @Dependency(\.priceList) var priceList
        switch action {
        case .identify: order.requestID = requestID
        case .price: order.prices = priceList
        case .priceLater: break
        }
    })

    @Test func aTestStoreRunsWithTestValuesWhateverTheContextAround() throws {
        let store = withDependencies {
            $0.context = .live
        } operation: {
            TestStore(initialState: Order(), reducer: Self.reducer)
        }
        try store.send(.identify) { $0.requestID = "test-request" }
    }

    @Test func itsWithDependenciesOverridesAndAStepsScopeWins() throws {
        let store = TestStore(initialState: Order(), reducer: Self.reducer) {
            $0.requestID = "store"
            $0.priceList = [1, 2]
        }
        try store.send(.identify) { $0.requestID = "store" }
        try store.send(.price) { $0.prices = [1, 2] }
        try withDependencies {
            $0.requestID = "step"
        } operation: {
            try store.send(.identify) { $0.requestID = "step" }
        }
    }

    /// Issue 35's "done when": a test that reads a dependency without a test value fails, naming
    /// it; the test goes on with the live value.
    @Test func readingADependencyWithoutATestValueFailsNamingIt() throws {
        let store = TestStore(initialState: Order(), reducer: Self.reducer)
        try withKnownIssue {
            try store.send(.price) { $0.prices = [10, 20] }  // the live value: the test goes on
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return message.contains("@Dependency(\\.priceList)") && message.contains("(key PriceListKey) has no test value")
                && message.contains("$0.priceList = …")
        }
        // Reported once per test store: later reads use the value kept then.
        try store.send(.identify) { $0.requestID = "test-request" }
    }

    @Test func aReadOnAnotherThreadFailsAtTheTestStoresNextStep() async throws {
        let store = TestStore(initialState: Order(), reducer: Self.reducer, exhaustivity: .off)
        let queue = DispatchQueue(label: "effect")
        store.store.run(
            Signal<Action, Never> { observer in
                queue.async { observer.receive(lastElement: .price) }  // reduced on the queue (not exhaustive)
                return NonDisposable.instance
            })
        let line = #line + 2
        try await withKnownIssue {
            try await store.receive(.price, timeout: .seconds(60))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.map(\.rawValue).joined().contains("@Dependency(\\.priceList)")
        }
    }

    @Test func outsideSwiftTestingTheStepThrowsAMissingTestValueFailure() async {
        let store = TestStore(initialState: Order(), reducer: Self.reducer)
        // A detached task does not run "in" this Swift Testing test: as under XCTest, the
        // failure is thrown by the step.
        let result = await Task.detached { () -> Result<Void, TestStoreFailure> in
            Result { () throws(TestStoreFailure) in try store.send(.price) { $0.prices = [10, 20] } }
        }.value
        guard case .failure(let failure) = result else {
            Issue.record("send did not fail")
            return
        }
        #expect(failure.kind == .missingTestValue)
        #expect(failure.message.contains("@Dependency(\\.priceList)"))
    }
}
