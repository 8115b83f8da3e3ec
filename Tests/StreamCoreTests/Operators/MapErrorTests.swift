import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct MapErrorTests {
    @Test func transformsTheErrorAndPassesTheRest() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.mapError { _ in TestError.other(2) }, "-a-#", values: ["a": 1], error: TestError.other(2))
        let completing = try scheduler.coldSignal("-a|", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(completing.mapError { _ in TestError.other(2) }, "-a|", values: ["a": 1])
    }

    @Test func disposalStopsTheUpstream() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2], error: TestError.boom)
        try scheduler.expectMarbles(source.mapError { $0 }, "-a", values: ["a": 1], disposeAt: 2)
        #expect(source.subscriptions == [TestSubscription(0, 1)])
        let probe = Probe<Int, TestError>()
        #expect(releasesEverything(probe.signal.mapError { $0 }) { $0.dispose() })
    }

    @Test func stopsASynchronousProducerEarly() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence(1...).mapError { $0 }.take(first: 2).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }
}
