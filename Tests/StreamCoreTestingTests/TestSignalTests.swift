import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TestSignalTests {
    @Test func coldSignalReplaysItsScriptForEachObservation() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b|")
        let first = scheduler.record(source)
        scheduler.advance(byTicks: 2)
        let second = scheduler.record(source)
        scheduler.run()
        #expect(first.events == [Recorded(tick: 1, .next("a")), Recorded(tick: 3, .next("b")), Recorded(tick: 4, .completed)])
        #expect(second.events == [Recorded(tick: 3, .next("a")), Recorded(tick: 5, .next("b")), Recorded(tick: 6, .completed)])
        #expect(source.isCold)
        #expect(source.subscriptions == [TestSubscription(0, 4), TestSubscription(2, 6)])
    }

    @Test func hotSignalRunsOneScriptFromItsCreation() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.hotSignal("-a-b|")
        scheduler.advance(byTicks: 2)
        let late = scheduler.record(source)
        scheduler.run()
        #expect(late.events == [Recorded(tick: 3, .next("b")), Recorded(tick: 4, .completed)])
        #expect(!source.isCold)
        #expect(source.subscriptions == [TestSubscription(2, 4)])
    }

    @Test func hotScriptKeepsRunningWhenOnlyTheObservationHoldsIt() throws {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(try scheduler.hotSignal("-a|") as TestSignal<String, Never>)
        scheduler.run()
        #expect(recorder.elements == ["a"])
    }

    @Test func disposingLogsTheTickAndCancelsTheColdScript() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, TestFailure> = try scheduler.coldSignal("-a-b-#", values: ["a": 1, "b": 2], error: .boom)
        let recorder = scheduler.record(source)
        scheduler.advance(byTicks: 2)
        recorder.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.elements == [1])
        #expect(source.subscriptions == [TestSubscription(0, 2)])
        #expect(source.script.count == 3)
    }

    @Test func scriptCanBeWrittenByHand() {
        let scheduler = TestScheduler()
        let source = TestSignal<Int, Never>(script: [Recorded(tick: 2, .next(5))], isCold: true, scheduler: scheduler)
        let recorder = scheduler.record(source)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 2, .next(5))])
        #expect(source.subscriptions == [TestSubscription(0)])
        recorder.dispose()  // the script never ends: end the observation the test made
    }
}
