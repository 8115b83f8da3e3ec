import StreamCore
import StreamCoreTesting
import Testing

@Suite struct DebounceTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsTheLatestElementAfterAQuietPeriodAndFlushesOnCompletion() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-ab---c|")
        try scheduler.expectMarbles(source.debounce(for: .seconds(2), on: scheduler), "----b--(c|)")
    }

    @Test func elementsFurtherApartThanTheIntervalAllPass() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("a---b---|")
        try scheduler.expectMarbles(source.debounce(for: .seconds(2), on: scheduler), "--a---b-|")
    }

    @Test func failureIsSentAtOnceAndDropsThePendingElement() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a--b#", values: ["a": 1, "b": 2], error: TestError.boom)
        try scheduler.expectMarbles(
            source.debounce(for: .seconds(2), on: scheduler), "---a-#", values: ["a": 1], error: .boom
        )
    }

    @Test func reactiveKitSpellingTakesSeconds() throws {
        let scheduler = TestScheduler(tick: .milliseconds(100))
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab-----|")
        try scheduler.expectMarbles(source.debounce(interval: 0.3, on: scheduler), "----b--|")
    }

    @Test func reactiveKit3SpellingTakesSecondsAfterFor() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-ab---c|")
        try scheduler.expectMarbles(source.debounce(for: 2, on: scheduler), "----b--(c|)")
    }

    @Test func nonPositiveIntervalSendsAsSoonAsTheSchedulerRuns() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(source.debounce(for: .seconds(-1), on: scheduler), "-a-b|")
    }

    @Test func disposingCancelsTheTimerAndTheUpstream() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a------|")
        let recorder = scheduler.record(source.debounce(for: .seconds(3), on: scheduler))
        scheduler.advance(byTicks: 2)
        #expect(scheduler.pendingCount == 2)  // the timer and the source's completion
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events.isEmpty)
        #expect(source.subscriptions == [TestSubscription(0, 2)])
    }

    @Test func completionDisposesTheUpstreamAndNothingIsLeftScheduled() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a|")
        try scheduler.expectMarbles(source.debounce(for: .seconds(5), on: scheduler), "--(a|)")
        #expect(source.subscriptions == [TestSubscription(0, 2)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func reentrantSendFromTheObserverIsDebouncedToo() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
        bag += subject.debounce(for: .seconds(1), on: scheduler).observe { event in
            recorder.observer(event)
            if event.element == 1 { subject.send(2) }
        }
        subject.send(1)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 1, .next(1)), Recorded(tick: 2, .next(2))])
    }
}
