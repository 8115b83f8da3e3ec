import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct PrependTests {
    @Test func observesThisSignalAfterTheOtherCompletes() throws {
        let scheduler = TestScheduler()
        let live = try scheduler.coldSignal("-a-b|")
        let cached = try scheduler.coldSignal("-1|")
        try scheduler.expectMarbles(live.prepend(cached), "-1-a-b|")
        #expect(live.subscriptions == [TestSubscription(2, 6)])
    }

    @Test func prependsElementsAndStartWith() throws {
        let scheduler = TestScheduler()
        let live = try scheduler.coldSignal("-----a|")
        try scheduler.expectMarbles(live.prepend("x", "y"), "(xy)-a|")
        try scheduler.expectMarbles(live.start(with: "x"), "x----a|")
    }

    @Test func failureOfThePrefixSkipsThisSignal() throws {
        let scheduler = TestScheduler()
        let live = try scheduler.coldSignal("-a|", values: ["a": 1], error: TestError.boom)
        let prefix = try scheduler.coldSignal("#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(live.prepend(prefix), "#", error: TestError.boom)
        #expect(live.subscriptions.isEmpty)
    }

    @Test func disposalAndRelease() {
        let live = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = live.signal.start(with: 0).observe(with: recorder.observer)
        live.send(1)
        observation.dispose()
        live.send(2)
        #expect(recorder.events == [.next(0), .next(1)])
        #expect(live.disposals == 1)
        #expect(releasesEverything(live.signal.prepend(1)) { $0.dispose() })
    }
}
