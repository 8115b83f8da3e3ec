import Testing
import StoreKitLite

@Suite struct ReducerTests {
    @Test func combinedReducersRunInOrderOnTheSameState() {
        let double = Reducer<Int, CounterAction> { state, _ in state *= 2 }
        let combined = Reducer.combine(counterReducer, double)
        var state = 1
        try? combined(&state, .increment)
        #expect(state == 4)
        var other = 1
        try? Reducer.combine([double, counterReducer])(&other, .increment)
        #expect(other == 3)
    }

    @Test func aRefusingReducerPlacedFirstLeavesTheStateUnchangedInTheStore() async {
        let refuse = Reducer<Int, CounterAction> { _, action throws(StoreError) in
            if action == .decrement { throw .rejected("no") }
        }
        let store = Store(initialState: 5, reducer: .combine(refuse, counterReducer))
        await #expect(throws: StoreError.rejected("no")) { try await store.send(.decrement) }
        #expect(store.state == 5)
        #expect(await (try? store.send(.increment)) == 6)
    }

    @Test func reductionIsInPlaceSoReducersBeforeARefusalKeepTheirChanges() {
        // Documented contract (Reducer.combine): no copy of the state is kept to roll back to.
        let refuse = Reducer<Int, CounterAction> { _, action throws(StoreError) in
            if action == .decrement { throw .rejected("no") }
        }
        var state = 5
        #expect(throws: StoreError.rejected("no")) { try Reducer.combine(counterReducer, refuse)(&state, .decrement) }
        #expect(state == 4)
    }

    @Test func emptyReducerChangesNothing() {
        var state = 3
        try? Reducer<Int, CounterAction>.empty(&state, .increment)
        #expect(state == 3)
    }
}
