import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ReplaceNilTests {
    @Test func replacesNilElements() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-n-b|", values: ["a": Int?.some(1), "n": nil, "b": 2])
        try scheduler.expectMarbles(source.replaceNil(with: 0), "-a-z-b|", values: ["a": 1, "z": 0, "b": 2])
    }

    @Test func failureIsPassedOn() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-n#", values: ["n": Int?.none], error: TestError.boom)
        try scheduler.expectMarbles(source.replaceNil(with: 5), "-z#", values: ["z": 5], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int?, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.replaceNil(with: 0).observe(with: recorder.observer)
        source.send(nil)
        observation.dispose()
        source.send(1)
        #expect(recorder.events == [.next(0)])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int?, Never>()
        #expect(releasesEverything(source.replaceNil(with: 1)) { $0.dispose() })
        #expect(source.observerCount == 0)
    }
}
