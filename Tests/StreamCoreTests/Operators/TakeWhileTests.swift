import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TakeWhileTests {
    @Test func sendsWhileThePredicateHoldsThenCompletes() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c-d|", values: ["a": 1, "b": 2, "c": 5, "d": 1])
        try scheduler.expectMarbles(source.take(while: { $0 < 3 }), "-a-b-|", values: ["a": 1, "b": 2])
    }

    @Test func failureAndCompletionPassThrough() throws {
        let scheduler = TestScheduler()
        let failing = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(failing.take(while: { _ in true }), "-a#", values: ["a": 1], error: .boom)
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 2]).take(while: { _ in true }).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func synchronousUpstreamStopsAtTheFirstFailingElement() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence(1...).take(while: { $0 < 4 }).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func endingDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.signal.take(while: { $0 > 0 }).observe(with: recorder.observer)
        source.send(1)
        source.send(0)
        source.send(2)
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals == 1)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.take(while: { _ in true }).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func releasesTheClosure() {
        let source = PassthroughSubject<Int, Never>()
        let tracked = Tracked()
        let signal = source.take(while: { _ in
            _ = tracked; return true
        })
        #expect(releasesEverything(signal) { $0.dispose() })
        #expect(releasesEverything(signal) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
