import Testing
import StoreKitLite
import StoreKitLiteTesting

@Suite struct TestStoreFailureTests {
    @Test func describesItselfWithItsMessage() {
        let failure = TestStoreFailure(.stateMismatch, "Expected 1, got 2")
        #expect(failure.description == "Expected 1, got 2")
        #expect(failure.kind == .stateMismatch)
    }
}
