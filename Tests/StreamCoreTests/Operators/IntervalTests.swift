import StreamCore
import StreamCoreTesting
import Testing

@Suite struct IntervalTests {
    @Test func countsOneNumberPerInterval() throws {
        let scheduler = TestScheduler()
        try scheduler.expectMarbles(
            Signal<Int, Never>.interval(.seconds(2), on: scheduler), "--a-b-c-", values: ["a": 0, "b": 1, "c": 2], disposeAt: 8
        )
        #expect(scheduler.pendingCount == 0)
    }

    @Test func reactiveKitSpellingTakesSeconds() throws {
        let scheduler = TestScheduler(tick: .milliseconds(500))
        let numbers = Signal<Int, TestError>.interval(0.5, on: scheduler).take(first: 3)
        try scheduler.expectMarbles(numbers, "-ab(c|)", values: ["a": 0, "b": 1, "c": 2])
    }

    @Test func eachObservationCountsFromZero() {
        let scheduler = TestScheduler()
        let signal = Signal<Int, Never>.interval(.seconds(1), on: scheduler)
        let first = scheduler.record(signal)
        scheduler.advance(byTicks: 2)
        let second = scheduler.record(signal)
        scheduler.advance(byTicks: 2)
        first.dispose()
        second.dispose()
        #expect(first.elements == [0, 1, 2, 3])
        #expect(second.events == [Recorded(tick: 3, .next(0)), Recorded(tick: 4, .next(1))])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func nonPositiveIntervalTicksAsFastAsTheSchedulerAllows() {
        let scheduler = TestScheduler(tick: .nanoseconds(1))
        let recorder = scheduler.record(Signal<Int, Never>.interval(-1, on: scheduler))
        scheduler.advance(byTicks: 3)
        recorder.dispose()
        #expect(recorder.events == [Recorded(tick: 1, .next(0)), Recorded(tick: 2, .next(1)), Recorded(tick: 3, .next(2))])
    }

    @Test func disposingFromTheObserverStopsTheCounter() {
        let scheduler = TestScheduler()
        let received = LockedState<[Int]>([])
        let observation = LockedState<(any Disposable)?>(nil)
        let disposable = Signal<Int, Never>.interval(.seconds(1), on: scheduler).observeNext { value in
            received.withLock { $0.append(value) }
            if value == 1 { observation.withLock { $0 }?.dispose() }
        }
        observation.withLock { $0 = disposable }
        scheduler.advance(byTicks: 10)
        #expect(received.withLock { $0 } == [0, 1])
        #expect(scheduler.pendingCount == 0)
    }
}
