import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct LastTests {
    @Test func sendsTheLastElementOnCompletion() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c|")
        try scheduler.expectMarbles(source.last(), "------(c|)")
    }

    @Test func emptyCompletesAndFailurePassesThrough() throws {
        let empty = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.completed().last().observe(with: empty.observer)
        #expect(empty.events == [.completed])
        let scheduler = TestScheduler()
        let failing = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(failing.last(), "--#", values: [:], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.last().observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(completion: .finished)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.last()) { $0.dispose() })
        #expect(releasesEverything(source.last()) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
