import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct DematerializeTests {
    typealias E = Signal<Int, TestError>.Event

    @Test func turnsEventsBackIntoASignal() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-f-c", values: ["a": E.next(1), "b": E.next(2), "f": E.failed(.boom), "c": E.next(3)])
        let result: Signal<Int, TestError> = source.dematerialize()
        try scheduler.expectMarbles(result, "-a-b-#", values: ["a": 1, "b": 2], error: .boom)
    }

    @Test func completedElementOrUpstreamCompletionCompletes() {
        let first = Recorder<Int, TestError>()
        _ = SafeSignal.sequence([E.next(1), E.completed, E.next(2)]).dematerialize().observe(with: first.observer)
        #expect(first.events == [.next(1), .completed])
        let second = Recorder<Int, TestError>()
        _ = SafeSignal.sequence([E.next(1)]).dematerialize().observe(with: second.observer)
        #expect(second.events == [.next(1), .completed])
    }

    @Test func roundTripsMaterialize() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).materialize().dematerialize().observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func terminalElementDisposesUpstream() {
        let source = Probe<E, Never>()
        let recorder = Recorder<Int, TestError>()
        _ = source.signal.dematerialize().observe(with: recorder.observer)
        source.send(.failed(.other(1)))
        source.send(.next(2))
        #expect(recorder.events == [.failed(.other(1))])
        #expect(source.disposals == 1)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<E, Never>()
        let recorder = Recorder<Int, TestError>()
        let observation = source.signal.dematerialize().observe(with: recorder.observer)
        source.send(.next(1))
        observation.dispose()
        source.send(.next(2))
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func synchronousUpstreamStopsAtTheTerminalElement() {
        let produced = Box(0)
        let infinite = SafeSignal<E>({ observer in
            while !observer.isDisposed {
                let count = produced.mutate {
                    $0 += 1; return $0
                }
                observer.receive(count == 3 ? .completed : .next(count))
            }
            return NonDisposable.instance
        })
        let recorder = Recorder<Int, TestError>()
        _ = infinite.dematerialize().observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(produced.value == 3)
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<E, Never>()
        let signal: Signal<Int, TestError> = source.dematerialize()
        #expect(releasesEverything(signal) { $0.dispose() })
        #expect(releasesEverything(signal) { _ in source.send(.completed) })
        #expect(source.observerCount == 0)
    }
}
