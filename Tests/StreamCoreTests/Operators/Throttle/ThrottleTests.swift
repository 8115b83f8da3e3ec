import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ThrottleTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsTheFirstElementAtOnceThenTheLatestOfEachInterval() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab-cd--e|")
        try scheduler.expectMarbles(source.throttle(for: .seconds(2), on: scheduler), "a-b-d--e|")
    }

    @Test func latestFalseKeepsTheFirstElementOfEachInterval() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("abc---|")
        try scheduler.expectMarbles(source.throttle(for: .seconds(3), on: scheduler, latest: false), "a--b--|")
    }

    @Test func reactiveKitSecondsDropElementsInsideTheInterval() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab-cd--e|")
        try scheduler.expectMarbles(source.throttle(seconds: 2, on: scheduler), "a--c---e|")
    }

    @Test func reactiveKit3SpellingKeepsTheLatestElement() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab-cd--e|")
        try scheduler.expectMarbles(source.throttle(for: 2, on: scheduler), "a-b-d--e|")
    }

    @Test func completionSendsTheKeptElementFirst() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab|")
        try scheduler.expectMarbles(source.throttle(for: .seconds(5), on: scheduler), "a-(b|)")
        #expect(scheduler.pendingCount == 0)
    }

    @Test func failureIsSentAtOnceAndDropsTheKeptElement() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("ab#", values: ["a": 1, "b": 2], error: TestError.boom)
        try scheduler.expectMarbles(
            source.throttle(for: .seconds(5), on: scheduler), "a-#", values: ["a": 1], error: .boom
        )
    }

    @Test func disposingCancelsTheWindowTimer() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab------|")
        let recorder = scheduler.record(source.throttle(for: .seconds(4), on: scheduler))
        scheduler.advance(byTicks: 1)
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 0, .next("a"))])
        #expect(source.subscriptions == [TestSubscription(0, 1)])
    }

    @Test func reentrantSendDuringTheWindowIsKept() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
        bag += subject.throttle(for: .seconds(2), on: scheduler).observe { event in
            recorder.observer(event)
            if event.element == 1 { subject.send(2) }
        }
        subject.send(1)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 0, .next(1)), Recorded(tick: 2, .next(2))])
    }
}
