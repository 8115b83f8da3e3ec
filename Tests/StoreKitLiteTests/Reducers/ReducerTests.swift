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

    @Test func aThrowingReducerMakesTheCombinedReductionAllOrNothingInTheStore() {
        let refuse = Reducer<Int, CounterAction> { _, action throws(StoreError) in
            if action == .decrement { throw .rejected("no") }
        }
        let store = Store(initialState: 5, reducer: .combine(counterReducer, refuse))
        store.dispatch(.decrement)
        #expect(store.state == 5)
        store.dispatch(.increment)
        #expect(store.state == 6)
    }

    @Test func emptyReducerChangesNothing() {
        var state = 3
        try? Reducer<Int, CounterAction>.empty(&state, .increment)
        #expect(state == 3)
    }
}
