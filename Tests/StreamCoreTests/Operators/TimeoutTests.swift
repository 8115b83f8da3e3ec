import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TimeoutTests {
    @Test func failsWhenTheUpstreamIsSilentForTheInterval() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a----b|", values: ["a": 1, "b": 2], error: TestError?.none)
        try scheduler.expectMarbles(
            source.timeout(after: .seconds(3), with: .boom, on: scheduler), "-a--#", values: ["a": 1], error: .boom
        )
        #expect(source.subscriptions == [TestSubscription(0, 4)])
    }

    @Test func everyElementRestartsTheTimer() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c|", values: ["a": 1, "b": 2, "c": 3], error: TestError?.none)
        try scheduler.expectMarbles(
            source.timeout(after: .seconds(2), with: .boom, on: scheduler), "-a-b-c|", values: ["a": 1, "b": 2, "c": 3]
        )
        #expect(scheduler.pendingCount == 0)
    }

    @Test func silenceFromTheStartFails() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-----a|", values: ["a": 1], error: TestError?.none)
        try scheduler.expectMarbles(source.timeout(after: 2, with: .other(7), on: scheduler), "--#", error: .other(7))
    }

    @Test func upstreamFailurePassesThrough() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.timeout(after: .seconds(5), with: .other(1), on: scheduler), "-#", error: .boom)
    }

    @Test func disposingCancelsTheTimer() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-----|", values: ["a": 1], error: TestError?.none)
        let recorder = scheduler.record(source.timeout(after: .seconds(3), with: .boom, on: scheduler))
        scheduler.advance(byTicks: 2)
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 1, .next(1))])
    }

    @Test func elementSentFromTheObserverRestartsTheTimer() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = TestRecorder<Int, TestError>(scheduler: scheduler)
        _ = subject.timeout(after: .seconds(2), with: .boom, on: scheduler).observe { event in
            recorder.observer(event)
            if let element = event.element, element < 3 {
                scheduler.schedule { subject.send(element + 1) }
            }
        }
        subject.send(1)
        scheduler.run()
        #expect(
            recorder.events == [
                Recorded(tick: 0, .next(1)), Recorded(tick: 0, .next(2)), Recorded(tick: 0, .next(3)),
                Recorded(tick: 2, .failed(.boom)),
            ])
    }

    @Test func synchronousUpstreamIsNotTimedOut() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(
            Signal<Int, TestError>.sequence([1, 2]).timeout(after: .zero, with: .boom, on: scheduler)
        )
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 0, .next(1)), Recorded(tick: 0, .next(2)), Recorded(tick: 0, .completed)])
    }
}
