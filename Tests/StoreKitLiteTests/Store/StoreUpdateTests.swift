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

@Suite struct StoreUpdateErrorTests {
    @Test func errorCanBeSetAndComparesInEquality() {
        var update = StoreUpdate<Int, CounterAction>(state: 1, lastAction: .increment)
        let failed = StoreUpdate<Int, CounterAction>(state: 1, lastAction: .increment, error: .rejected("x"))
        #expect(update != failed)
        update.error = .rejected("x")
        #expect(update == failed)
        update.error = nil
        #expect(update.error == nil)
    }
}
