import TestSupport
import StreamCore
import Testing
import StoreKitLite

@Suite struct MiddlewareTests {
    @Test func dropsAndTransformsActions() {
        let dropDecrements = Middleware<Int, CounterAction> { action, _ in
            action == .decrement ? nil : action
        }
        let doubleAdds = Middleware<Int, CounterAction>.map { action in
            if case .add(let amount) = action { return .add(amount * 2) }
            return action
        }
        let recorder = ActionRecorder<Int, CounterAction>()
        let store = Store(
            initialState: 0, reducer: counterReducer, middleware: [dropDecrements, doubleAdds], observers: [recorder])
        store.dispatch(.decrement)
        store.dispatch(.add(5))
        store.dispatch(.increment)
        #expect(store.state == 11)
        #expect(recorder.actions == [.add(10), .increment])
    }

    @Test func runsInChainOrderAndCanDispatchOthersWhichAreQueued() {
        let order = Box<[String]>([])
        let first = Middleware<Int, CounterAction> { action, context in
            order.append("first \(action)")
            if action == .increment { context.dispatch(.add(100)) }  // queued, not recursive
            return action
        }
        let second = Middleware<Int, CounterAction> { action, _ in
            order.append("second \(action)")
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [first, second])
        store.dispatch(.increment)
        #expect(store.state == 101)
        #expect(order.value == ["first increment", "second increment", "first add(100)", "second add(100)"])
    }

    @Test func delaysActionsOnAnInjectedScheduler() {
        let scheduler = VirtualTimeScheduler()
        let delay = Middleware<Int, CounterAction>.delay(by: .seconds(2), on: scheduler) { $0 == .increment }
        let after = Box<[CounterAction]>([])
        let spy = Middleware<Int, CounterAction> { action, _ in
            after.append(action)
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [delay, spy])
        store.dispatch(.increment)
        store.dispatch(.add(10))
        #expect(store.state == 10)
        scheduler.advance(by: .seconds(1))
        #expect(store.state == 10)
        scheduler.advance(by: .seconds(1))
        #expect(store.state == 11)
        // The delayed action continued after the delaying middleware (through `spy` once).
        #expect(after.value == [.add(10), .increment])
    }

    @Test func filterSeesTheCurrentState() {
        let capAtThree = Middleware<Int, CounterAction>.filter { action, state in
            action != .increment || state < 3
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [capAtThree, .passThrough])
        for _ in 0..<10 { store.dispatch(.increment) }
        #expect(store.state == 3)
    }
}
