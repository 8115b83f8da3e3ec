import StreamCore
import StreamCoreTesting
import Testing

@Suite struct DelayTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func shiftsEveryEventByTheInterval() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(source.delay(for: .seconds(2), on: scheduler), "---a-b|")
    }

    @Test func keepsBurstsTogetherAndInOrder() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("(abc)d|")
        try scheduler.expectMarbles(source.delay(for: .seconds(1), on: scheduler), "-(abc)d|")
    }

    @Test func failuresAreDelayedToo() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.delay(interval: 3, on: scheduler), "---a#", values: ["a": 1], error: .boom)
    }

    @Test func nonPositiveIntervalSendsWhenTheSchedulerRuns() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(source.delay(interval: -1, on: scheduler), "-a-b|")
    }

    @Test func disposingDropsHeldEventsAndCancelsTheTimer() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("ab|")
        let recorder = scheduler.record(source.delay(for: .seconds(5), on: scheduler))
        scheduler.advance(byTicks: 3)
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events.isEmpty)
    }

    @Test func upstreamEventArrivingFromTheObserverIsDelayedAgain() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
        bag += subject.delay(for: .seconds(1), on: scheduler).observe { event in
            recorder.observer(event)
            if let element = event.element, element < 3 { subject.send(element + 1) }
        }
        subject.send(1)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 1, .next(1)), Recorded(tick: 2, .next(2)), Recorded(tick: 3, .next(3))])
    }
}
