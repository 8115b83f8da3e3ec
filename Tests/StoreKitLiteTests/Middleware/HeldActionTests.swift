import StoreKitLite
import StreamCoreTesting
import Testing
import TestSupport

@Suite struct HeldActionTests {
    @Test func aDelayedActionsSenderWaitsForItAndGetsItsState() async throws {
        let scheduler = TestScheduler()
        let delay = Middleware<Int, CounterAction>.delay(by: .seconds(2), on: scheduler) { $0 == .increment }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [delay])
        let reply = store.sendTracked(.increment)  // accepted now, held for 2 s
        #expect(try await store.send(.add(10)) == 10)  // not delayed: runs first
        scheduler.advance(by: .seconds(2))
        #expect(try await reply.state == 11)
    }

    @Test func aHeldActionThatIsDroppedOrReleasedFailsItsSender() async {
        // Keyed by action: the two senders' tasks may reach the store in either order.
        let held = Box<[(action: CounterAction, held: HeldAction<Int, CounterAction>)]>([])
        let hold = Middleware<Int, CounterAction>(holding: { action, _, holder in
            held.mutate { $0.append((action, holder.hold(action))) }
            return nil
        })
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [hold])
        let dropped = Task { try await store.send(.increment) }
        let released = Task { try await store.send(.decrement) }
        while held.value.count < 2 { await Task.yield() }
        held.value.first { $0.action == .increment }?.held.drop()
        await #expect(throws: StoreError.droppedByMiddleware) { try await dropped.value }
        held.value = []  // the other (.decrement) is released without resume
        await #expect(throws: StoreError.droppedByMiddleware) { try await released.value }
        #expect(store.state == 0)
    }

    @Test func aHeldActionResumedAfterTheStoreIsGoneFailsWithStoreClosed() async {
        let held = Box<HeldAction<Int, CounterAction>?>(nil)
        let hold = Middleware<Int, CounterAction>(holding: { action, _, holder in
            held.value = holder.hold(action)
            return nil
        })
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer, middleware: [hold])
        weak let gone = store
        let task = store!.sendTracked(.increment)  // holds no reference to the store
        store = nil
        #expect(gone == nil)
        held.value?.resume()
        await #expect(throws: StoreError.storeClosed) { try await task.state }
        await task.finish()
    }

    @Test func aHoldingMiddlewareThatReturnsNilWithoutHoldingDrops() async {
        let never = Middleware<Int, CounterAction>(holding: { _, _, _ in nil })
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [never])
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.increment) }
    }
}
