import TestSupport
import StreamCore
import Testing
import StoreKitLite

@Suite struct StoreObservationTests {
    @Test func updatesCarryEachStateWithTheActionThatProducedIt() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let seen = Box<[StoreUpdate<Int, CounterAction>]>([])
        let subscription = store.updates.observeNext { seen.append($0) }
        store.dispatch(.increment)
        store.dispatch(.add(2))
        #expect(
            seen.value == [
                StoreUpdate(state: 0, lastAction: nil),
                StoreUpdate(state: 1, lastAction: .increment),
                StoreUpdate(state: 3, lastAction: .add(2)),
            ])
        subscription.dispose()
    }

    @Test func failedReductionKeepsTheStateAndIsSeenOnlyInUpdates() {
        let reducer = Reducer<Int, CounterAction> { state, action throws(StoreError) in
            if case .add(let amount) = action, amount < 0 { throw .rejected("negative") }
            try counterReducer(&state, action)
        }
        let store = Store(initialState: 0, reducer: reducer)
        let states = Box<[Int]>([])
        let errors = Box<[StoreError]>([])
        let a = store.observeNext { states.append($0) }
        let b = store.updates.compactMap(\.error).observeNext { errors.append($0) }
        store.dispatch(.add(-1))
        store.dispatch(.increment)
        #expect(store.state == 1)
        #expect(states.value == [0, 1])
        #expect(errors.value == [.rejected("negative")])
        // A late observer still gets the current state even when the last update was a failure.
        store.dispatch(.add(-5))
        let late = Box<[Int]>([])
        let c = store.observeNext { late.append($0) }
        #expect(late.value == [1])
        [a, b, c].forEach { $0.dispose() }
    }

    @Test func statesSignalComposesWithOperators() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let seen = Box<[String]>([])
        let subscription = store.states.map { "#\($0)" }.observeNext { seen.append($0) }
        store.dispatch(.increment)
        #expect(seen.value == ["#0", "#1"])
        subscription.dispose()
    }
}
