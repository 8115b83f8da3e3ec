import TestSupport
import Dispatch
import Testing
import StoreKitLite

@Suite struct ActionSenderTests {
    @Test func sendAndCallAsFunctionBothDispatchWhileNotCancelled() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let done = DispatchSemaphore(value: 0)
        let cancelledWhileRunning = Box<Bool?>(nil)
        let subscription = store.observeNext { if $0 == 3 { done.signal() } }
        store.dispatch(
            .async { _, send in
                cancelledWhileRunning.mutate { $0 = send.isCancelled }
                send(.increment)
                send.send(.add(2))
            })
        #expect(await wait(for: done))
        #expect(cancelledWhileRunning.value == false)
        subscription.dispose()
    }
}
