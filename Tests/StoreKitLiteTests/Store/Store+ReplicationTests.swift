import StoreKitLite
import Synchronization
import Testing
import TestSupport

@Suite struct StoreReplicationTests {
    @Test func anActionDispatchedToTheReducerSkipsTheMiddleware() async throws {
        let seen = Box<[CounterAction]>([])
        let dropAll = Middleware<Int, CounterAction> { action, _ in
            seen.mutate { $0.append(action) }
            return nil
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [dropAll])
        store.dispatchToReducer(.add(5))
        #expect(store.state == 5)
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.increment) }
        #expect(seen.value == [.increment])  // the middleware never saw .add(5)
        #expect(store.state == 5)
    }

    @Test func heldAndDirectActionsRunInTheOrderTheyAreHandedToTheStore() {
        // The replication layer's contract: a held action resumed, then a remote action
        // dispatched to the reducer, then another held action resumed, are reduced in that order.
        let held = Box<[HeldAction<[Int], Int>]>([])
        let hold = Middleware<[Int], Int>(holding: { action, _, holder in
            held.mutate { $0.append(holder.hold(action)) }
            return nil
        })
        let append = Reducer<[Int], Int>(mutating: { state, action in state.append(action) })
        let store = Store(initialState: [Int](), reducer: append, middleware: [hold])
        store.dispatch(1)
        store.dispatch(3)
        #expect(store.state == [])
        held.value[0].resume()
        store.dispatchToReducer(2)
        held.value[1].resume()
        #expect(store.state == [1, 2, 3])
    }

    @Test func anActionDispatchedToTheReducerFromAnObserverIsQueuedNotRecursive() {
        let store = Store(initialState: [Int](), reducer: Reducer<[Int], Int>(mutating: { $0.append($1) }))
        let depth = Atomic<Int>(0)
        let maxDepth = Atomic<Int>(0)
        let disposable = store.observeNext { state in
            let now = depth.add(1, ordering: .relaxed).newValue
            _ = maxDepth.max(now, ordering: .relaxed)
            if state.count == 1 { store.dispatchToReducer(2) }
            depth.subtract(1, ordering: .relaxed)
        }
        store.dispatchToReducer(1)
        #expect(store.state == [1, 2])
        #expect(maxDepth.load(ordering: .relaxed) == 1)
        disposable.dispose()
    }

    @Test func aClosedStoreDropsActionsDispatchedToTheReducer() {
        let store = Store(initialState: 0, reducer: counterReducer)
        store.close()
        store.dispatchToReducer(.add(3))
        #expect(store.state == 0)
    }

    @Test func concurrentDirectDispatchesAreAllReduced() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<500 { store.dispatchToReducer(.increment) } }
            }
        }
        await store.drained()  // a holder hands other threads' actions to a background drain
        #expect(store.state == 4000)
    }
}
