import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ElementAtTests {
    @Test func sendsTheElementAtTheIndexAndCompletes() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c-d|")
        try scheduler.expectMarbles(source.element(at: 2), "-----(c|)")
    }

    @Test func shortSignalCompletesWithoutElementAndNegativeIndexCompletesAtOnce() {
        let short = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 2]).element(at: 2).observe(with: short.observer)
        #expect(short.events == [.completed])
        let source = Probe<Int, Never>()
        let negative = Recorder<Int, Never>()
        _ = source.signal.element(at: -1).observe(with: negative.observer)
        #expect(negative.events == [.completed])
        #expect(source.subscriptions == 0)
    }

    @Test func failureBeforeTheElementPassesThrough() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.element(at: 1), "--#", values: [:], error: .boom)
    }

    @Test func synchronousUpstreamStopsAtTheElement() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence(0...).element(at: 3).observe(with: recorder.observer)
        #expect(recorder.events == [.next(3), .completed])
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.element(at: 1).observe(with: recorder.observer)
        source.send(0)
        observation.dispose()
        source.send(1)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.element(at: 0)) { $0.dispose() })
        #expect(releasesEverything(source.element(at: 0)) { _ in source.send(1) })
        #expect(source.observerCount == 0)
    }
}
