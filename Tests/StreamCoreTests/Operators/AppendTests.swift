import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct AppendTests {
    @Test func observesTheOtherSignalAfterCompletion() throws {
        let scheduler = TestScheduler()
        let first = try scheduler.coldSignal("-a-b|")
        let second = try scheduler.coldSignal("-1-2|")
        try scheduler.expectMarbles(first.append(second), "-a-b-1-2|")
        #expect(second.subscriptions == [TestSubscription(4, 8)])
    }

    @Test func appendsElements() throws {
        let scheduler = TestScheduler()
        try scheduler.expectMarbles(try scheduler.coldSignal("-a|").append("x", "y"), "-a(xy|)")
    }

    @Test func failureSkipsTheRest() throws {
        let scheduler = TestScheduler()
        let first = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        let second = try scheduler.coldSignal("-1|", values: ["1": 2], error: TestError.boom)
        try scheduler.expectMarbles(first.append(second), "-a#", values: ["a": 1], error: TestError.boom)
        #expect(second.subscriptions.isEmpty)
    }

    @Test func disposalStopsTheCurrentSignal() throws {
        let scheduler = TestScheduler()
        let first = try scheduler.coldSignal("-a|")
        let second = try scheduler.coldSignal("-1-2|")
        try scheduler.expectMarbles(first.append(second), "-a-1", disposeAt: 4)
        #expect(second.subscriptions == [TestSubscription(2, 3)])
        #expect(scheduler.pendingCount == 0)
        #expect(releasesEverything(first.append(second).toSignal()) { $0.dispose() })
    }

    @Test func synchronousChainsRunAndStopEarly() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence(1...).take(first: 2).append(3, 4).take(first: 3).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
}
