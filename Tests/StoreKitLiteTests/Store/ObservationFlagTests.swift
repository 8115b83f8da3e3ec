import Testing
@testable import StoreKitLite

@Suite struct ObservationFlagTests {
    @Test func startsFalseAndRemembersWhatItIsSet() {
        let flag = ObservationFlag()
        #expect(!flag.value)
        flag.value = true
        #expect(flag.value)
    }
}
