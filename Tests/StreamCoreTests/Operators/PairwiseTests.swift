import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct PairwiseTests {
    @Test func sendsPairsFromTheSecondElementOn() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let sums = source.pairwise().map { "\($0.0)\($0.1)" }
        try scheduler.expectMarbles(sums, "---x-y|", values: ["x": "12", "y": "23"])
    }

    @Test func singleElementSendsNoPair() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.just(1).pairwise().map { $0.0 + $0.1 }.observe(with: recorder.observer)
        #expect(recorder.events == [.completed])
    }

    @Test func failureIsPassedOn() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b#", values: ["a": 1, "b": 2], error: TestError.boom)
        try scheduler.expectMarbles(
            source.pairwise().map { $0.0 * 10 + $0.1 }, "---x#", values: ["x": 12], error: .boom
        )
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.pairwise().map { $0.1 }.observe(with: recorder.observer)
        source.send(1)
        source.send(2)
        observation.dispose()
        source.send(3)
        #expect(recorder.events == [.next(2)])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.pairwise()) { $0.dispose() })
        #expect(releasesEverything(source.pairwise()) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
