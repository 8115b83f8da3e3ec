import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SkipLastTests {
    @Test func dropsTheLastElements() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c-d|")
        try scheduler.expectMarbles(source.skip(last: 2), "-----a-b|")
    }

    @Test func countOfZeroOrLessDropsNothing() {
        for count in [0, -2] {
            let recorder = Recorder<Int, Never>()
            _ = SafeSignal.sequence([1, 2]).skip(last: count).observe(with: recorder.observer)
            #expect(recorder.events == [.next(1), .next(2), .completed])
        }
    }

    @Test func failurePassesThrough() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c#", values: ["a": 1, "b": 2, "c": 3], error: TestError.boom)
        try scheduler.expectMarbles(source.skip(last: 1), "---a-b#", values: ["a": 1, "b": 2], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.skip(last: 1).observe(with: recorder.observer)
        source.send(1)
        source.send(2)
        observation.dispose()
        source.send(3)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.skip(last: 2)) { $0.dispose() })
        #expect(releasesEverything(source.skip(last: 2)) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
