import Dispatch
import StoreKitLite
import StreamCore
import Testing
import TestSupport

/// ReSwift's settable `store.middleware`: the role holder installs a new chain between actions.
@Suite struct MiddlewareReplacementTests {
    /// A middleware that turns every `.increment` into `.add(amount)`.
    private static func adding(_ amount: Int) -> Middleware<Int, CounterAction> {
        Middleware { action, _ in action == .increment ? .add(amount) : action }
    }

    @Test func aNewChainAppliesToTheActionsDispatchedAfterTheAssignment() {
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [Self.adding(10)])
        store.dispatch(.increment)
        #expect(store.state == 10)
        store.middleware = [Self.adding(100), Self.adding(1_000)]
        #expect(store.middleware.count == 2)
        store.dispatch(.increment)
        #expect(store.state == 110)  // the first link turned it into .add(100)
        store.middleware = []
        store.dispatch(.increment)
        #expect(store.state == 111)
    }

    @Test func anAssignmentFromInsideAMiddlewareTakesEffectAfterTheCurrentAction() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let swapper = Middleware<Int, CounterAction> { [weak store] action, context in
            if action == .decrement {
                store?.middleware = [Self.adding(5)]
                context.dispatch(.increment)  // queued behind this action: sees the new chain
            }
            return action
        }
        store.middleware = [swapper]
        store.dispatch(.decrement)
        #expect(store.state == 4)  // -1, then .increment became .add(5)
    }

    @Test func theReplacedChainIsReleased() {
        final class Token: Sendable {}
        weak var weakToken: Token?
        let store = Store(initialState: 0, reducer: counterReducer)
        do {
            let token = Token()
            weakToken = token
            store.middleware = [Middleware { action, _ in withExtendedLifetime(token) { action } }]
            store.dispatch(.increment)
        }
        #expect(weakToken != nil)
        store.middleware = []
        store.dispatch(.increment)
        #expect(weakToken == nil)
        #expect(store.state == 2)
    }

    @Test func replacingWhileAnotherThreadDispatchesLosesNoAction() {
        // Every chain passes every action through unchanged: the count proves none was lost or
        // run twice while chains were swapped under the dispatching thread (run under TSan).
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [.passThrough])
        let dispatches = 5_000
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
                for _ in 0..<dispatches { store.dispatch(.increment) }
            } else {
                for round in 0..<500 {
                    store.middleware = Array(repeating: .passThrough, count: round % 4)
                }
            }
        }
        #expect(store.state == dispatches)
    }
}
