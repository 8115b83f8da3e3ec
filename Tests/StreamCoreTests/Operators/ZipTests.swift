import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ZipTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func pairsElementsByIndex() throws {
        let scheduler = TestScheduler()
        let a = try scheduler.coldSignal("-a-b---c|")
        let b = try scheduler.coldSignal("---1-2---|")
        try scheduler.expectMarbles(
            a.zip(with: b) { $0 + $1 }, "---x-y---|", values: ["x": "a1", "y": "b2"]
        )
    }

    @Test func completesWhenACompletedSourceHasNothingBuffered() throws {
        let scheduler = TestScheduler()
        // `b` completes at 3 with nothing buffered: done, `a` is disposed.
        let a = try scheduler.coldSignal("-a----b|")
        let b = try scheduler.coldSignal("--1|")
        try scheduler.expectMarbles(zip(a, b).map { $0 + $1 }, "--x|", values: ["x": "a1"])
        #expect(a.subscriptions == [TestSubscription(0, 3)])
        // `a` completes with `b` buffered; completion waits until the buffer is drained.
        let c = try scheduler.coldSignal("-ab|")
        let d = try scheduler.coldSignal("-----1-2-3|")
        try scheduler.expectMarbles(zip(c, d).map { $0 + $1 }, "-----x-(y|)", values: ["x": "a1", "y": "b2"])
    }

    @Test func failsOnFirstFailureAndDisposesTheOther() throws {
        let scheduler = TestScheduler()
        let a = try scheduler.coldSignal("-a----b|", values: ["a": 1, "b": 2], error: TestError.boom)
        let b = try scheduler.coldSignal("--1-#", values: ["1": 10], error: TestError.boom)
        try scheduler.expectMarbles(zip(a, b).map { $0 + $1 }, "--x-#", values: ["x": 11], error: TestError.boom)
        #expect(a.subscriptions == [TestSubscription(0, 4)])
        #expect(b.subscriptions == [TestSubscription(0, 4)])
    }

    @Test func disposalStopsEverything() throws {
        let scheduler = TestScheduler()
        let a = try scheduler.coldSignal("-a-b-c|")
        let b = try scheduler.coldSignal("-1-2-3|")
        try scheduler.expectMarbles(zip(a, b).map { $0 + $1 }, "-x", values: ["x": "a1"], disposeAt: 2)
        #expect(a.subscriptions == [TestSubscription(0, 1)])
        #expect(b.subscriptions == [TestSubscription(0, 1)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func higherAritiesAndArrayForm() {
        let s = (0..<6).map { index in Signal<Int, TestError>.sequence([index, index + 10]) }
        let three = Recorder<[Int], TestError>()
        let six = Recorder<[Int], TestError>()
        let array = Recorder<[Int], TestError>()
        _ = zip(s[0], s[1], s[2]).map { [$0, $1, $2] }.observe(with: three.observer)
        _ = zip(s[0], s[1], s[2], s[3]).map { [$0, $1, $2, $3] }.observe(with: Recorder<[Int], TestError>().observer)
        _ = zip(s[0], s[1], s[2], s[3], s[4]).map { [$0, $1, $2, $3, $4] }
            .observe(with: Recorder<[Int], TestError>().observer)
        _ = zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0, $1, $2, $3, $4, $5] }.observe(with: six.observer)
        _ = Signal.zip(s).observe(with: array.observer)
        #expect(three.events == [.next([0, 1, 2]), .next([10, 11, 12]), .completed])
        #expect(six.events == [.next([0, 1, 2, 3, 4, 5]), .next([10, 11, 12, 13, 14, 15]), .completed])
        #expect(array.events == six.events)
        let empty = Recorder<[Int], TestError>()
        _ = Signal<Int, TestError>.zip([]).observe(with: empty.observer)
        #expect(empty.events == [.completed])
    }

    @Test func arrayFormBuffersFailsAndDisposes() {
        let probes = (0..<3).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<[Int], TestError>()
        _ = Signal.zip(probes.map(\.signal)).observe(with: recorder.observer)
        probes[0].send(1)
        probes[0].send(2)
        probes[1].send(10)
        probes[2].send(100)
        probes[1].send(20)
        probes[2].send(completion: .failure(.boom))
        probes[0].send(3)
        #expect(recorder.events == [.next([1, 10, 100]), .failed(.boom)])
        #expect(probes.map(\.disposals) == [1, 1, 1])
    }

    @Test func reentrantSendIsQueued() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        bag += zip(a, b).map { $0 + $1 }.observe(with: { event in
            recorder.observer(event)
            if event.element == 11 { a.send(2); b.send(20) }
        })
        a.send(1)
        b.send(10)
        #expect(recorder.elements == [11, 22])
    }

    @Test func releasesTheObserverOnDisposeAndTermination() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(zip(a, b).map { $0 + $1 }) { $0.dispose() })
        #expect(releasesEverything(zip(a, b).map { $0 + $1 }) { _ in a.send(completion: .finished) })
    }

    @Test func stressEightThreadsPairEveryElementInOrder() async {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let perThread = 1_000
        let recorder = Recorder<[Int], Never>()
        let completed = DispatchSemaphore(value: 0)
        _ = zip(a, b).map { [$0, $1] }.observe(with: { event in
            recorder.observer(event)
            if event.isTerminal { completed.signal() }
        })
        runConcurrently { thread in
            // Threads 0…3 send on `a`, 4…7 on `b`; each value encodes its thread and position.
            let subject = thread < 4 ? a : b
            for index in 0..<perThread { subject.send(thread * 100_000 + index) }
        }
        a.send(completion: .finished)
        #expect(await wait(for: completed))
        let pairs = recorder.elements
        #expect(pairs.count == 4 * perThread)
        #expect(recorder.events.last == .completed)
        let firsts = pairs.map { $0[0] }
        let seconds = pairs.map { $0[1] }
        #expect(Set(firsts).count == 4 * perThread && Set(seconds).count == 4 * perThread)
        #expect(isOrderedPerKey(firsts) { $0 / 100_000 })
        #expect(isOrderedPerKey(seconds) { $0 / 100_000 })
    }

    @Test func stressConcurrentDisposeStopsEverything() {
        let sources = (0..<7).map { _ in Probe<Int, Never>() }
        let (_, eventsAfterward) = disposeWhileSending(
            Signal.zip(sources.map(\.signal)).map { $0.reduce(0, +) },
            threshold: 10
        ) { thread, index in sources[thread].send(index) }
        #expect(eventsAfterward == 0)
        #expect(sources.allSatisfy { $0.disposals == 1 })
    }
}
