import Testing
import StoreKitLite

@Suite struct StoreErrorTests {
    @Test func describesTheFailure() {
        #expect(StoreError.substateNotRegistered("TasksState").description == "substate TasksState is not registered")
        #expect(StoreError.rejected("empty title").description == "action rejected: empty title")
    }
}
