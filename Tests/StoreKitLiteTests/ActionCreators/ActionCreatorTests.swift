import TestSupport
import Foundation
import Dispatch
import StreamCore
import Testing
import StoreKitLite

@Suite struct ActionCreatorTests {
    @Test func syncCreatorDispatchesAtOnceOrNothing() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let incrementIfEven = ActionCreator<Int, CounterAction>.sync { $0 % 2 == 0 ? .increment : nil }
        store.dispatch(incrementIfEven)
        store.dispatch(incrementIfEven)
        #expect(store.state == 1)
    }

    @Test func signalCreatorDispatchesOverTime() {
        let scheduler = VirtualTimeScheduler()
        let store = Store(initialState: 0, reducer: counterReducer)
        let countdown = ActionCreator<Int, CounterAction>.signal { _ in
            Signal { observer in
                scheduler.schedule(after: .seconds(1), every: .seconds(1)) { observer.receive(.increment) }
            }
        }
        let running = store.dispatch(countdown, id: "countdown")
        scheduler.advance(by: .seconds(2))
        #expect(store.state == 2)
        store.cancel(id: "countdown")
        scheduler.advance(by: .seconds(2))
        #expect(store.state == 2)
        #expect(running.isDisposed)
    }

    @Test func asyncCreatorDispatchesWhatItSends() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let done = DispatchSemaphore(value: 0)
        let subscription = store.observeNext { if $0 == 11 { done.signal() } }
        store.dispatch(
            .async { state, send in
                send(.add(10))
                send.send(.increment)
            })
        #expect(await wait(for: done))
        subscription.dispose()
    }

    @Test func cancelledAsyncCreatorSendsNothingMore() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let sawCancel = Box(false)
        let running = store.dispatch(
            .async { _, send in
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    Thread.detachNewThread {
                        release.wait()
                        continuation.resume()
                    }
                }
                sawCancel.mutate { $0 = send.isCancelled }
                send(.increment)
                finished.signal()
            })
        running.dispose()
        release.signal()
        #expect(await wait(for: finished))
        #expect(sawCancel.value)
        #expect(store.state == 0)
    }
}
