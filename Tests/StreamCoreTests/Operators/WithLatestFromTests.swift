import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct WithLatestFromTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func pairsEachElementWithTheLatestOfTheOther() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("a-b---c-d|")
        let other = try scheduler.coldSignal("-1---2|")
        try scheduler.expectMarbles(
            source.with(latestFrom: other).map { $0 + $1 }, "--x---y-z|",
            values: ["x": "b1", "y": "c2", "z": "d2"]
        )
    }

    @Test func combineClosureAndOtherCompletionFreezesTheLatest() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("--a--b|")
        let other = try scheduler.coldSignal("-1|")
        try scheduler.expectMarbles(
            source.with(latestFrom: other) { $1 + $0 }, "--x--y|", values: ["x": "1a", "y": "1b"]
        )
    }

    @Test func failsWhenEitherFailsAndDisposesBoth() {
        let source = Probe<Int, TestError>()
        let other = Probe<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = source.signal.with(latestFrom: other.signal) { $0 + $1 }.observe(with: recorder.observer)
        other.send(10)
        source.send(1)
        other.send(completion: .failure(.boom))
        source.send(2)
        #expect(recorder.events == [.next(11), .failed(.boom)])
        #expect(source.disposals == 1 && other.disposals == 1)
    }

    @Test func synchronousOtherIsObservedFirst() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).with(latestFrom: Signal<Int, TestError>.just(10)) { $0 + $1 }
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next(11), .next(12), .completed])
    }

    @Test func disposalStopsAndReleases() {
        let source = Probe<Int, Never>()
        let other = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.with(latestFrom: other.signal) { $0 + $1 }.observe(with: recorder.observer)
        other.send(1)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(2)])
        #expect(source.disposals == 1 && other.disposals == 1)
        #expect(releasesEverything(source.signal.with(latestFrom: other.signal)) { $0.dispose() })
    }

    @Test func reentrantOtherValueIsUsedForTheNextElement() {
        let source = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        bag += source.with(latestFrom: other) { $0 + $1 }.observe(with: { event in
            recorder.observer(event)
            if event.element == 11 { other.send(20); source.send(2) }
        })
        other.send(10)
        source.send(1)
        #expect(recorder.elements == [11, 22])
    }
}
