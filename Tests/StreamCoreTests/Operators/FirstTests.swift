import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct FirstTests {
    @Test func sendsTheFirstElementAndCompletes() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c|")
        try scheduler.expectMarbles(source.first(), "-(a|)")
    }

    @Test func emptyCompletesAndFailurePassesThrough() {
        let empty = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.completed().first().observe(with: empty.observer)
        #expect(empty.events == [.completed])
        let failing = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.failed(.boom).first().observe(with: failing.observer)
        #expect(failing.events == [.failed(.boom)])
    }

    @Test func disposesUpstreamAfterTheFirstElement() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.signal.first().observe(with: recorder.observer)
        source.send(1)
        source.send(2)
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.first()) { $0.dispose() })
        #expect(releasesEverything(source.first()) { _ in source.send(1) })
        #expect(source.observerCount == 0)
    }
}
