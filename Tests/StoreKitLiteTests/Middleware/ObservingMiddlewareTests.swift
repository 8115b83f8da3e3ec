import TestSupport
import StreamCore
import Testing
import StoreKitLite

/// RxState-style middleware: observes (currentState, lastAction) and keeps its own bag.
private final class CountingMiddleware: MiddlewareType {
    let disposeBag = DisposeBag()
    let seen = Box<[(Int, CounterAction?)]>([])

    func observe(currentStateLastAction: Signal<StoreUpdate<Int, CounterAction>, Never>) {
        let seen = self.seen
        currentStateLastAction
            .observeNext { update in seen.append((update.state, update.lastAction)) }
            .dispose(in: disposeBag)
    }
}

@Suite struct ObservingMiddlewareTests {
    @Test func observesCurrentStateAndLastAction() {
        let middleware = CountingMiddleware()
        let store = Store(initialState: 0, reducer: counterReducer, observers: [middleware])
        store.dispatch(.increment)
        store.dispatch(.add(2))
        #expect(middleware.seen.value.map(\.0) == [0, 1, 3])
        #expect(middleware.seen.value.map(\.1) == [nil, .increment, .add(2)])
    }

    @Test func middlewareDoesNotKeepTheStoreAlive() {
        let middleware = CountingMiddleware()
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer, observers: [middleware])
        let weakStore = WeakRef(store!)
        store = nil
        #expect(weakStore.object == nil)
    }
}
