import StreamCoreTesting
import Testing

@Suite struct TestSubscriptionTests {
    @Test func describesTheTicksItSpans() {
        #expect(TestSubscription(0, 4).description == "0…4")
        #expect(TestSubscription(2).description == "2…")
        #expect(TestSubscription(2) == TestSubscription(2, nil))
    }
}
