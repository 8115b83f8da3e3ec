import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct IgnoreElementsTests {
    @Test func passesOnlyTheTerminalEvent() throws {
        let scheduler = TestScheduler()
        let completing: TestSignal<String, Never> = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(completing.ignoreElements(), "----|")
        let failing = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(failing.ignoreElements(), "--#", values: [:], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.ignoreElements().observe(with: recorder.observer)
        observation.dispose()
        source.send(completion: .finished)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.ignoreElements()) { $0.dispose() })
        #expect(releasesEverything(source.ignoreElements()) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
