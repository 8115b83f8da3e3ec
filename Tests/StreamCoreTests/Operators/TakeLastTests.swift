import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TakeLastTests {
    @Test func sendsTheLastElementsOnCompletion() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c-d|")
        try scheduler.expectMarbles(source.take(last: 2), "--------(cd|)")
    }

    @Test func fewerElementsThanCountAreAllSent() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 2]).take(last: 5).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func countOfZeroOrLessSendsOnlyCompletion() {
        for count in [0, -1] {
            let recorder = Recorder<Int, Never>()
            _ = SafeSignal.sequence([1, 2]).take(last: count).observe(with: recorder.observer)
            #expect(recorder.events == [.completed])
        }
    }

    @Test func failureDropsTheKeptElements() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.take(last: 1), "---#", values: [:], error: .boom)
    }

    @Test func disposingWhileFlushingStopsTheFlush() {
        let source = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let holder = Box<(any Disposable)?>(nil)
        let observation = source.take(last: 3).observe(with: { event in
            recorder.observer(event)
            holder.value?.dispose()
        })
        holder.mutate { $0 = observation }
        source.send(1)
        source.send(2)
        source.send(completion: .finished)
        #expect(recorder.events == [.next(1)])
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.take(last: 1).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(completion: .finished)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.take(last: 2)) { $0.dispose() })
        #expect(releasesEverything(source.take(last: 2)) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
