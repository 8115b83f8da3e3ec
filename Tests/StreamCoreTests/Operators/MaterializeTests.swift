import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct MaterializeTests {
    typealias E = Signal<Int, TestError>.Event

    @Test func sendsEveryEventThenCompletes() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2], error: TestError.boom)
        try scheduler.expectMarbles(
            source.materialize(), "-a-b(c|)", values: ["a": E.next(1), "b": E.next(2), "c": E.completed]
        )
    }

    @Test func failureBecomesAnElement() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(
            source.materialize(), "-a(f|)", values: ["a": E.next(1), "f": E.failed(.boom)]
        )
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, TestError>()
        let recorder = Recorder<E, Never>()
        let observation = source.signal.materialize().observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(completion: .failure(.boom))
        #expect(recorder.events == [.next(.next(1))])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, TestError>()
        #expect(releasesEverything(source.materialize()) { $0.dispose() })
        #expect(releasesEverything(source.materialize()) { _ in source.send(completion: .failure(.boom)) })
        #expect(source.observerCount == 0)
    }
}
