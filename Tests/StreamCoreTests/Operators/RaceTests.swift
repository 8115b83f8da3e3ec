import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct RaceTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func firstToSendWinsAndTheOthersAreDisposed() throws {
        let scheduler = TestScheduler()
        let slow = try scheduler.coldSignal("---a-b|")
        let fast = try scheduler.coldSignal("-1-2|")
        try scheduler.expectMarbles(slow.race(fast), "-1-2|")
        #expect(slow.subscriptions == [TestSubscription(0, 1)])
    }

    @Test func aCompletionOrFailureAlsoWins() throws {
        let scheduler = TestScheduler()
        let a = try scheduler.coldSignal("---a|", values: ["a": 1], error: TestError.boom)
        let b = try scheduler.coldSignal("--#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(a.amb(b), "--#", error: TestError.boom)
        let c = try scheduler.coldSignal("-|", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(Signal.race([a, b, c].map { $0.toSignal() }), "-|", values: ["a": 1], error: TestError.boom)
    }

    @Test func aSynchronousWinnerStopsTheRestFromBeingObserved() {
        let later = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = Signal.race([Signal<Int, Never>.sequence([1, 2]), later.signal]).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(later.subscriptions == 0)
        let empty = Recorder<Int, Never>()
        _ = Signal<Int, Never>.race([]).observe(with: empty.observer)
        #expect(empty.events == [.completed])
    }

    @Test func disposalDisposesEverySourceAndReleases() {
        let probes = (0..<3).map { _ in Probe<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        let observation = Signal.race(probes.map(\.signal)).observe(with: recorder.observer)
        observation.dispose()
        probes[1].send(1)
        #expect(recorder.events.isEmpty)
        #expect(probes.map(\.disposals) == [1, 1, 1])
        #expect(releasesEverything(Signal.race(probes.map(\.signal))) { $0.dispose() })
    }

    @Test func losersAreDisposedOnceAndIgnored() {
        let probes = (0..<3).map { _ in Probe<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        bag += Signal.race(probes.map(\.signal)).observe(with: { event in
            recorder.observer(event)
            if event.element == 1 { probes[1].send(2) }  // re-entrant: the winner's next event is queued
        })
        probes[1].send(1)
        probes[0].send(9)
        probes[2].send(9)
        #expect(recorder.elements == [1, 2])
        #expect(probes.map(\.disposals) == [1, 0, 1])
    }

    @Test func stressConcurrentSendersPickOneWinner() {
        for _ in 0..<20 {
            let probes = (0..<8).map { _ in Probe<Int, Never>() }
            let recorder = Recorder<Int, Never>()
            let observation = Signal.race(probes.map(\.signal)).observe(with: recorder.observer)
            runConcurrently { thread in
                for index in 0..<100 { probes[thread].send(thread * 1_000 + index) }
            }
            let elements = recorder.elements
            #expect(!elements.isEmpty)
            let winner = elements[0] / 1_000
            #expect(elements == (0..<100).map { winner * 1_000 + $0 })
            #expect(probes.enumerated().allSatisfy { $0.offset == winner || $0.element.disposals == 1 })
            observation.dispose()
        }
    }
}
