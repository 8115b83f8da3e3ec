import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct CollectTests {
    @Test func sendsAllElementsAsOneArrayOnCompletion() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        try scheduler.expectMarbles(source.collect(), "------(x|)", values: ["x": [1, 2, 3]])
    }

    @Test func emptySignalSendsAnEmptyArray() {
        let recorder = Recorder<[Int], Never>()
        _ = SafeSignal<Int>.completed().collect().observe(with: recorder.observer)
        #expect(recorder.events == [.next([]), .completed])
    }

    @Test func failureIsPassedOn() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.collect(), "---#", values: [:], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<[Int], Never>()
        let observation = source.signal.collect().observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(completion: .finished)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.collect()) { $0.dispose() })
        #expect(releasesEverything(source.collect()) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
