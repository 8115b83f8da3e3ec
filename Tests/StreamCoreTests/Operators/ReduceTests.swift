import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ReduceTests {
    @Test func sendsTheFinalAccumulationOnCompletion() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        try scheduler.expectMarbles(source.reduce(10, +), "------(s|)", values: ["s": 16])
    }

    @Test func emptySignalSendsTheInitialValue() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal<Int>.completed().reduce(7, +).observe(with: recorder.observer)
        #expect(recorder.events == [.next(7), .completed])
    }

    @Test func failureDropsTheAccumulation() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.reduce(0, +), "---#", values: [:], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.reduce(0, +).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(completion: .finished)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func valueThenCompletionReachTheObserverInOrder() {
        let source = PassthroughSubject<Int, Never>()
        let log = Box<[String]>([])
        _ = source.reduce(0, +).observe(with: { event in
            log.mutate { $0.append("\(event)") }
        })
        source.send(1)
        source.send(completion: .finished)
        #expect(log.value == ["next(1)", "completed"])
    }

    @Test func releasesTheClosureAndObserver() {
        let source = PassthroughSubject<Int, Never>()
        let tracked = Tracked()
        #expect(
            releasesEverything(
                source.reduce(0) { acc, _ in
                    _ = tracked; return acc
                }
            ) { $0.dispose() })
        #expect(releasesEverything(source.reduce(0, +)) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
