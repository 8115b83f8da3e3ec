import TestSupport
import StreamCore
import Testing
import StoreKitLite

@Suite struct StoreActionCreatorsTests {
    @Test func creatorSeesTheStateAtDispatchTime() {
        let store = Store(initialState: 4, reducer: counterReducer)
        store.dispatch(.sync { .add($0) })
        #expect(store.state == 8)
    }

    @Test func creatorDispatchedFromAnObserverIsQueued() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let seen = Box<[Int]>([])
        let subscription = store.observeNext { [weak store] state in
            seen.append(state)
            if state == 1 { store?.dispatch(.sync { _ in .add(10) }) }
        }
        store.dispatch(.increment)
        #expect(seen.value == [0, 1, 11])
        subscription.dispose()
    }

    @Test func cancelInFlightReplacesTheRunningCreator() {
        let scheduler = VirtualTimeScheduler()
        let store = Store(initialState: 0, reducer: counterReducer)
        let later = ActionCreator<Int, CounterAction>.signal { state in
            Signal { observer in
                scheduler.schedule(after: .seconds(1)) { observer.receive(lastElement: .add(state + 1)) }
            }
        }
        store.dispatch(later, id: 1)
        store.dispatch(later, id: 1, cancelInFlight: true)
        scheduler.advance(by: .seconds(1))
        #expect(store.state == 1)
    }
}
