import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct RetryWhenTests {
    @Test func resubscribesWhenTheTriggerSends() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        let retried = source.retry(when: { _, _ in
            Signal<Void, TestError>(just: (), after: .seconds(1), scheduler: scheduler)
        })
        try scheduler.expectMarbles(retried, "-a--a--a-", values: ["a": 1], disposeAt: 9)
        #expect(source.subscriptions == [TestSubscription(0, 2), TestSubscription(3, 5), TestSubscription(6, 8)])
    }

    @Test func triggerCompletingWithoutAnElementGivesUpWithTheUpstreamError() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        let attempts = LockedState<[Int]>([])
        let retried = source.retry(when: { error, attempt in
            attempts.withLock { $0.append(attempt) }
            #expect(error == .boom)
            return attempt < 3 ? Signal<Void, TestError>.just(()) : Signal<Void, TestError>.completed()
        })
        try scheduler.expectMarbles(retried, "-a-a-a#", values: ["a": 1], error: .boom)
        #expect(attempts.withLock { $0 } == [1, 2, 3])
    }

    @Test func triggerFailureFailsTheSignal() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-#", values: ["a": 1], error: TestError.boom)
        let retried = source.retry(when: { _, _ in Signal<Int, TestError>.failed(.other(2)) })
        try scheduler.expectMarbles(retried, "-#", error: .other(2))
    }

    @Test func elementsAndCompletionPassThrough() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2], error: TestError?.none)
        let retried = source.retry(when: { _, _ in Signal<Void, TestError>.just(()) })
        try scheduler.expectMarbles(retried, "-a-b|", values: ["a": 1, "b": 2])
    }

    @Test func synchronousFailuresRetryInALoopNotARecursion() {
        let subscriptions = LockedState(0)
        let failing = Signal<Int, TestError> { observer in
            let count = subscriptions.withLock {
                $0 += 1; return $0
            }
            if count < 10_000 {
                observer.on(.failed(.boom))
            } else {
                observer.receive(lastElement: count)
            }
            return NonDisposable.instance
        }
        let recorder = Recorder<Int, TestError>()
        _ = failing.retry(when: { _, _ in Signal<Void, TestError>.just(()) }).observe(with: recorder.observer)
        #expect(recorder.events == [.next(10_000), .completed])
    }

    @Test func disposingWhileWaitingCancelsTheTriggerAndDoesNotResubscribe() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-#", values: ["a": 1], error: TestError.boom)
        let recorder = scheduler.record(
            source.retry(when: { _, _ in
                Signal<Void, TestError>(just: (), after: .seconds(5), scheduler: scheduler)
            }))
        scheduler.advance(byTicks: 2)
        #expect(scheduler.pendingCount == 1)
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(source.subscriptions == [TestSubscription(0, 1)])
        #expect(recorder.events.isEmpty)
    }
}
