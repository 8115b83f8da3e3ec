import StreamCore
import StreamCoreTesting
import Testing

@Suite struct RetryWithBackoffTests {
    @Test func retriesUpToTheLimitWaitingTheBackoff() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(
            source.retry(2, backoff: .constant(.seconds(2)), on: scheduler), "-a---a---a#", values: ["a": 1], error: .boom
        )
        #expect(source.subscriptions.map(\.subscribed) == [0, 4, 8])
    }

    @Test func exponentialBackoffSpacesTheAttempts() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("#", values: ["a": 1], error: TestError.boom)
        _ = scheduler.assertMarbles(source.retry(3, backoff: .exponential(initial: .seconds(1)), on: scheduler), "")
        #expect(source.subscriptions.map(\.subscribed) == [0, 1, 3, 7])
    }

    @Test func succeedingAttemptCompletes() throws {
        let scheduler = TestScheduler()
        let attempts = LockedState(0)
        let flaky = Signal<Int, TestError> { observer in
            let attempt = attempts.withLock {
                $0 += 1; return $0
            }
            if attempt < 3 { observer.on(.failed(.boom)) } else { observer.receive(lastElement: attempt) }
            return NonDisposable.instance
        }
        try scheduler.expectMarbles(
            flaky.retry(5, backoff: .constant(.seconds(1)), on: scheduler), "--(a|)", values: ["a": 3]
        )
    }

    @Test func zeroRetriesSendsTheFirstFailure() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.retry(0, backoff: .constant(.seconds(1)), on: scheduler), "-#", error: .boom)
    }

    @Test func disposingCancelsThePendingRetry() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-#", values: ["a": 1], error: TestError.boom)
        let recorder = scheduler.record(source.retry(3, backoff: .constant(.seconds(10)), on: scheduler))
        scheduler.advance(byTicks: 5)
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        #expect(source.subscriptions == [TestSubscription(0, 1)])
    }
}
