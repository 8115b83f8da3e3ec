import TestSupport
import Foundation
import StoreKitLite
import StreamCore
import Testing

/// No user closure runs under a store lock: a state observer, a middleware and an effect may use
/// the same store (dispatch, read the state, observe, dispose) from another thread while the
/// store waits for them, and re-entrantly on the dispatching thread. Bounded waits turn a
/// deadlock into a failure.
@Suite struct StoreLockOrderTests {
    private func finishesOnAnotherThread(_ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test func stateObserverLetsAnotherThreadDispatchReadObserveAndDispose() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let other = store.states.observeNext { _ in }
        let outcomes = Box<[Bool]>([])
        // The observer captures the store: disposed at the end to break the cycle.
        let observation = store.states.observeNext { state in
            guard state == 1 else { return }
            let finished = self.finishesOnAnotherThread {
                store.dispatch(.add(10))  // queued behind the running dispatch
                _ = store.state
                let extra = store.select { $0 }.observeNext { _ in }
                extra.dispose()
                other.dispose()
            }
            outcomes.mutate { $0.append(finished) }
        }
        store.dispatch(.increment)
        #expect(outcomes.value == [true])
        #expect(store.state == 11)
        observation.dispose()
    }

    @Test func middlewareLetsAnotherThreadDispatchAndReadTheState() {
        let outcomes = Box<[Bool]>([])
        let storeBox = Box<Store<Int, CounterAction>?>(nil)
        let middleware = Middleware<Int, CounterAction> { action, context in
            if action == .add(5) {
                let finished = StoreLockOrderTests().finishesOnAnotherThread {
                    _ = storeBox.value?.state
                    storeBox.value?.dispatch(.increment)
                    context.dispatch(.increment)
                    _ = storeBox.value?.states.observeNext { _ in }
                }
                outcomes.mutate { $0.append(finished) }
            }
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [middleware])
        storeBox.mutate { $0 = store }
        store.dispatch(.add(5))
        #expect(outcomes.value == [true])
        #expect(store.state == 7)
        storeBox.mutate { $0 = nil }
    }

    @Test func effectLetsAnotherThreadUseTheStore() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let outcomes = Box<[Bool]>([])
        let effect = store.attach { states in
            states.filter { $0 == 1 }.map { _ -> CounterAction in
                let finished = StoreLockOrderTests().finishesOnAnotherThread {
                    store.dispatch(.add(100))
                    _ = store.state
                    store.cancelAllEffects()
                }
                outcomes.mutate { $0.append(finished) }
                return .add(1_000)
            }
        }
        store.dispatch(.increment)
        #expect(outcomes.value == [true])
        #expect(store.state == 101 || store.state == 1_101)
        effect.dispose()
    }
}
