import Testing
import StoreKitLite

@Suite struct StoreUpdateTests {
    @Test func carriesStateActionAndError() {
        let update = StoreUpdate<Int, CounterAction>(state: 1, lastAction: .increment)
        #expect(update.state == 1)
        #expect(update.lastAction == .increment)
        #expect(update.error == nil)
        let rxStateName: CurrentStateLastAction<Int, CounterAction> = update
        #expect(rxStateName == update)
    }
}
