import TestSupport
import Dispatch
import StreamCore
import Testing
import StoreKitLite

/// Races between dispatching threads, re-entrant dispatches from observers and middleware,
/// and subscriptions coming and going; run under ThreadSanitizer.
@Suite struct StoreStressTests {
    @Test func concurrentDispatchWithReentrantObserversAndMiddlewareKeepsOrderAndCount() async {
        let echo = Middleware<Int, CounterAction> { action, context in
            if action == .decrement { context.dispatch(.add(2)) }  // queued
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [echo, .passThrough])
        let states = Box<[Int]>([])
        let overlapping = Box(0)
        let inside = Box(0)
        let subscription = store.observeNext { [weak store] state in
            if inside.mutate({
                $0 += 1; return $0
            }) > 1 {
                overlapping.mutate { $0 += 1 }
            }
            states.append(state)
            if state % 97 == 0 { store?.dispatch(.add(1_000_000)) }  // re-entrant, queued, once per hit
            inside.mutate { $0 -= 1 }
        }
        runConcurrently(threads: 8) { thread in
            for index in 0..<300 {
                store.dispatch(thread % 2 == 0 ? .increment : .decrement)
                if index % 50 == 0 {
                    store.select(\.self).observeNext { _ in }.dispose()
                }
            }
        }
        // The observer's jumps and the middleware's echoes are queued behind other threads'
        // actions, so they may run on the background drain after the threads finished.
        await store.drained()
        // 4 threads × 300 × (+1) and 4 threads × 300 × (−1 then +2), plus the observer's jumps.
        let jumps = states.value.filter { $0 % 97 == 0 }.count
        #expect(store.state == 4 * 300 + 4 * 300 + jumps * 1_000_000)
        #expect(overlapping.value == 0)
        let seen = states.value
        #expect(seen.first == 0)
        #expect(seen.last == store.state)
        subscription.dispose()
    }

    @Test func dispatchingFromManyThreadsWhileObserversComeAndGo() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let done = DispatchSemaphore(value: 0)
        let finalSeen = Box(false)
        let watcher = store.observeNext { if $0 == 8 * 250 { finalSeen.mutate { $0 = true }; done.signal() } }
        runConcurrently(threads: 8) { _ in
            for _ in 0..<250 {
                let temporary = store.observeNext { _ in }
                store.dispatch(.increment)
                temporary.dispose()
            }
        }
        #expect(done.wait(timeout: generousDeadline()) == .success)
        #expect(finalSeen.value)
        watcher.dispose()
    }
}
