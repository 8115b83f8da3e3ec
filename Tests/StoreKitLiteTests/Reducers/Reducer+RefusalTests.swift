import StoreKitLite
import StoreKitLiteTesting
import Testing
import TestSupport

private enum ListAction: Sendable, Equatable {
    case append(Int)
}

/// Appends, then refuses even numbers: it changes the state before it throws.
private let appendThenRefuse = Reducer<[Int], ListAction>(mutating: { list, action throws(StoreError) in
    guard case .append(let value) = action else { return }
    list.append(value)
    if value.isMultiple(of: 2) { throw .rejected("even") }
})

private let appendOnly = Reducer<[Int], ListAction>(mutating: { list, action in
    guard case .append(let value) = action else { return }
    list.append(value)
})

private let refuseAboveTen = Reducer<[Int], ListAction>(mutating: { _, action throws(StoreError) in
    guard case .append(let value) = action else { return }
    if value > 10 { throw .rejected("too large") }
})

@Suite struct ReducerRefusalTests {
    @Test func aRefusedActionLeavesTheStateUnchangedWithRestoringStateOnRefusal() async throws {
        let store = Store(initialState: [1], reducer: appendThenRefuse.restoringStateOnRefusal())
        let seen = Box<[[Int]]>([])
        let observation = store.observeNext { state in seen.mutate { $0.append(state) } }
        defer { observation.dispose() }
        try await store.send(.append(3))
        await #expect(throws: StoreError.rejected("even")) { try await store.send(.append(2)) }
        #expect(store.state == [1, 3])
        #expect(seen.value == [[1], [1, 3]])  // the observers and the state agree
        try await store.send(.append(5))
        #expect(store.state == [1, 3, 5])
    }

    @Test func aCombinationWhoseLastReducerRefusesIsRestoredWhole() async throws {
        let combined = Reducer.combine(appendOnly, refuseAboveTen)
        let plain = Store(initialState: [Int](), reducer: combined)
        await #expect(throws: StoreError.rejected("too large")) { try await plain.send(.append(11)) }
        #expect(plain.state == [11])  // the documented cost of refusing after a change

        let atomic = Store(initialState: [Int](), reducer: combined.restoringStateOnRefusal())
        await #expect(throws: StoreError.rejected("too large")) { try await atomic.send(.append(11)) }
        #expect(atomic.state == [])
        try await atomic.send(.append(4))
        #expect(atomic.state == [4])
    }

    @Test func theTestStoreReportsAReducerThatChangedTheStateAndThenRefused() throws {
        let store = TestStore(initialState: [1], reducer: appendThenRefuse)
        try withKnownIssue {
            try store.send(.append(2), refusedWith: .rejected("even"))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("send(append(2)) was refused but changed the state") }
        }
        let atomic = TestStore(initialState: [1], reducer: appendThenRefuse.restoringStateOnRefusal())
        try atomic.send(.append(2), refusedWith: .rejected("even"))
        try atomic.send(.append(3)) { $0 = [1, 3] }
    }
}
