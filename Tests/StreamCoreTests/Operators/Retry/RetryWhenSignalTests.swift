import StreamCore
import StreamCoreTesting
import Testing

@Suite struct RetryWhenSignalTests {
    @Test func retriesWhenTheOtherSignalSends() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        let other: TestSignal<String, Never> = try scheduler.coldSignal("-x")
        try scheduler.expectMarbles(source.retry(when: other), "-a--a--a-", values: ["a": 1], disposeAt: 9)
        #expect(other.subscriptions == [TestSubscription(2, 3), TestSubscription(5, 6), TestSubscription(8, 8)])
    }

    @Test func otherCompletingGivesUpWithTheUpstreamError() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        let other: TestSignal<String, Never> = try scheduler.coldSignal("--|")
        try scheduler.expectMarbles(source.retry(when: other), "-a--#", values: ["a": 1], error: .boom)
    }

    @Test func rejectedErrorsFailAtOnce() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.other(3))
        let other: TestSignal<String, Never> = try scheduler.coldSignal("x")
        let retried = source.retry(when: other, if: { $0 == .boom })
        try scheduler.expectMarbles(retried, "-a#", values: ["a": 1], error: .other(3))
        #expect(other.subscriptions.isEmpty)
    }
}
