import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SkipWhileTests {
    @Test func dropsWhileThePredicateHolds() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c-d|", values: ["a": 1, "b": 2, "c": 5, "d": 1])
        try scheduler.expectMarbles(source.skip(while: { $0 < 3 }), "-----c-d|", values: ["c": 5, "d": 1])
    }

    @Test func predicateIsNotCalledAfterItFailed() {
        let calls = Box(0)
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 5, 1, 1]).skip(while: {
            calls.mutate { $0 += 1 }; return $0 < 3
        })
        .observe(with: recorder.observer)
        #expect(recorder.events == [.next(5), .next(1), .next(1), .completed])
        #expect(calls.value == 2)
    }

    @Test func failurePassesThroughWhileSkipping() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.skip(while: { _ in true }), "--#", values: [:], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.skip(while: { $0 == 0 }).observe(with: recorder.observer)
        source.send(0)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.skip(while: { $0 < 0 })) { $0.dispose() })
        #expect(releasesEverything(source.skip(while: { $0 < 0 })) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
