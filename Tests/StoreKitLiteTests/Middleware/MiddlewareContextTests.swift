import TestSupport
import Testing
import StoreKitLite

@Suite struct MiddlewareContextTests {
    @Test func keptContextDoesNotKeepTheStoreAlive() {
        let kept = Box<MiddlewareContext<Int, CounterAction>?>(nil)
        let keep = Middleware<Int, CounterAction> { action, context in
            kept.mutate { $0 = context }
            return action
        }
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer, middleware: [keep])
        store?.dispatch(.increment)
        #expect(kept.value?.state == 1)
        store = nil
        #expect(kept.value?.state == nil)
        kept.value?.dispatch(.increment)  // does nothing, does not trap
        kept.value?.next(.increment)
    }

    @Test func nextContinuesAfterTheMiddleware() {
        let seenBySecond = Box<[CounterAction]>([])
        let hold = Middleware<Int, CounterAction> { action, context in
            guard action == .increment else { return action }
            context.next(.add(7))  // skip `hold` itself, continue with `second`
            return nil
        }
        let second = Middleware<Int, CounterAction> { action, _ in
            seenBySecond.append(action)
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [hold, second])
        store.dispatch(.increment)
        #expect(store.state == 7)
        #expect(seenBySecond.value == [.add(7)])
    }
}
