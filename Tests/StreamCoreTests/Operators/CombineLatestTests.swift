import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct CombineLatestTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsPairsOnceBothHaveSent() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<[Int], TestError>()
        _ = a.combineLatest(with: b).map { [$0.0, $0.1] }.observe(with: recorder.observer)
        a.send(1)
        a.send(2)
        b.send(10)
        a.send(3)
        b.send(20)
        #expect(recorder.events == [.next([2, 10]), .next([3, 10]), .next([3, 20])])
    }

    @Test func completesWhenAllComplete() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<[Int], TestError>()
        _ = combineLatest(a, b).map { [$0.0, $0.1] }.observe(with: recorder.observer)
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        #expect(!recorder.isTerminated)
        b.send(completion: .finished)
        #expect(recorder.events == [.next([1, 2]), .next([1, 3]), .completed])
    }

    @Test func failsOnFirstFailureAndDisposesTheOther() {
        let a = Probe<Int, TestError>()
        let b = Probe<Int, TestError>()
        let recorder = Recorder<[Int], TestError>()
        _ = combineLatest(a.signal, b.signal).map { [$0.0, $0.1] }.observe(with: recorder.observer)
        a.send(1)
        b.send(completion: .failure(TestError.other(7)))
        a.send(2)
        #expect(recorder.events == [.failed(TestError.other(7))])
        #expect(a.disposals == 1)
        #expect(b.disposals == 1)
    }

    @Test func combineClosureAndFreeFunctionForms() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Int, Never>()
        let pairs = Recorder<String, Never>()
        let triples = Recorder<String, Never>()
        let method = Recorder<String, Never>()
        _ = combineLatest(a, b) { "\($0)\($1)" }.observe(with: pairs.observer)
        bag += combineLatest(a, b, c) { "\($0)\($1)\($2)" }.observe(with: triples.observer)
        _ = a.combineLatest(with: b) { "\($1)\($0)" }.observe(with: method.observer)
        a.send(1)
        b.send("x")
        c.send(9)
        a.send(2)
        #expect(pairs.elements == ["1x", "2x"])
        #expect(triples.elements == ["1x9", "2x9"])
        #expect(method.elements == ["x1", "x2"])
    }

    @Test func tripleFormCompletesAndFails() {
        let recorder = Recorder<[Int], TestError>()
        let a = Signal<Int, TestError>.sequence([1, 2])
        let b = Signal<Int, TestError>.just(3)
        _ = combineLatest(a, b, Signal<Int, TestError>.just(4)).map { [$0, $1, $2] }.observe(with: recorder.observer)
        #expect(recorder.events == [.next([2, 3, 4]), .completed])

        let failing = Recorder<[Int], TestError>()
        _ = combineLatest(a, b, Signal<Int, TestError>.failed(TestError.other(1)))
            .map { [$0, $1, $2] }.observe(with: failing.observer)
        #expect(failing.events == [.failed(TestError.other(1))])
    }

    @Test func arrayFormSendsArraysInSourceOrder() {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, TestError>() }
        let recorder = Recorder<[Int], TestError>()
        _ = Signal.combineLatest(subjects.map { $0.toSignal() }).observe(with: recorder.observer)
        subjects[2].send(30)
        subjects[0].send(10)
        subjects[1].send(20)
        subjects[0].send(11)
        subjects.forEach { $0.send(completion: .finished) }
        #expect(recorder.events == [.next([10, 20, 30]), .next([11, 20, 30]), .completed])
    }

    @Test func arrayFormEmptyCompletesAndFailureEndsAll() {
        let empty = Recorder<[Int], TestError>()
        _ = Signal<Int, TestError>.combineLatest([]).observe(with: empty.observer)
        #expect(empty.events == [.completed])

        let probes = (0..<3).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<[Int], TestError>()
        _ = Signal.combineLatest(probes.map(\.signal)).observe(with: recorder.observer)
        probes[1].send(completion: .failure(TestError.other(2)))
        #expect(recorder.events == [.failed(TestError.other(2))])
        #expect(probes.map(\.disposals) == [1, 1, 1])
    }

    @Test func synchronousFailureSkipsLaterSources() {
        let later = Probe<Int, TestError>()
        let recorder = Recorder<[Int], TestError>()
        _ = combineLatest(Signal<Int, TestError>.failed(TestError.boom), later.signal)
            .map { [$0.0, $0.1] }.observe(with: recorder.observer)
        #expect(recorder.events == [.failed(TestError.boom)])
        #expect(later.subscriptions == 0)
    }

    @Test func disposeStopsEventsAndDisposesUpstreams() {
        let a = Probe<Int, Never>()
        let b = Probe<Int, Never>()
        let recorder = Recorder<[Int], Never>()
        let observation = combineLatest(a.signal, b.signal).map { [$0.0, $0.1] }.observe(with: recorder.observer)
        a.send(1)
        b.send(2)
        observation.dispose()
        a.send(3)
        b.send(completion: .finished)
        #expect(recorder.events == [.next([1, 2])])
        #expect(a.disposals == 1 && b.disposals == 1)
        #expect(observation.isDisposed)
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentPair() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let log = Box<[[Int]]>([])
        bag += a.combineLatest(with: b).observeNext { x, y in
            log.mutate { $0.append([x, y]) }
            // Sent from inside the observer: queued, delivered after the current pair.
            if x == 1, y == 10 { b.send(11) }
            if x == 1, y == 11 { a.send(2) }
        }
        b.send(10)
        a.send(1)
        #expect(log.value == [[1, 10], [1, 11], [2, 11]])
    }

    @Test func releasesCapturedObjectsAfterDisposeAndTermination() {
        weak var disposedRef: Tracked?
        weak var completedRef: Tracked?
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            disposedRef = tracked
            let observation = a.combineLatest(with: b).observeNext { _ in _ = tracked }
            a.send(1)
            b.send(1)
            observation.dispose()
        }
        do {
            let tracked = Tracked()
            completedRef = tracked
            let c = PassthroughSubject<Int, Never>()
            let d = PassthroughSubject<Int, Never>()
            _ = combineLatest(c, d) { x, _ in
                _ = tracked; return x
            }.observeNext { _ in }
            c.send(completion: .finished)
            d.send(completion: .finished)
        }
        #expect(disposedRef == nil)
        #expect(completedRef == nil)
    }

    @Test func stressEveryPairFollowsOneChangeInSourceOrder() async {
        let perThread = 500
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Recorder<[Int], Never>()
        let completed = DispatchSemaphore(value: 0)
        _ = combineLatest(a, b).map { [$0.0, $0.1] }.observe(with: { event in
            recorder.observer(event)
            if case .completed = event { completed.signal() }
        })
        a.send(-1)
        b.send(-1)
        runConcurrently { thread in
            // Threads 0…3 send on `a`, 4…7 on `b`; each value encodes its thread and position.
            let subject = thread < 4 ? a : b
            for index in 0..<perThread { subject.send(thread * 100_000 + index) }
        }
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(await wait(for: completed))
        let pairs = recorder.elements
        #expect(pairs.count == 1 + 8 * perThread)
        #expect(recorder.events.last == .completed)
        // Consecutive pairs differ in exactly one component: every send produced one pair.
        var changedA: [Int] = []
        var changedB: [Int] = []
        for (previous, pair) in zip(pairs, pairs.dropFirst()) {
            let aChanged = previous[0] != pair[0]
            let bChanged = previous[1] != pair[1]
            #expect(aChanged != bChanged)
            if aChanged { changedA.append(pair[0]) }
            if bChanged { changedB.append(pair[1]) }
        }
        #expect(changedA.count == 4 * perThread && Set(changedA).count == 4 * perThread)
        #expect(changedB.count == 4 * perThread && Set(changedB).count == 4 * perThread)
        #expect(isOrderedPerKey(changedA) { $0 / 100_000 })
        #expect(isOrderedPerKey(changedB) { $0 / 100_000 })
    }

    @Test func stressConcurrentDisposeStopsEverything() {
        let sources = (0..<7).map { _ in Probe<Int, Never>() }
        let (events, eventsAfterward) = disposeWhileSending(
            Signal.combineLatest(sources.map(\.signal)),
            threshold: 100
        ) { sources[$0].send($0 * 100_000 + $1) }
        #expect(events.count >= 100)
        #expect(sources.allSatisfy { $0.disposals == 1 })
        #expect(!events.contains { $0.isTerminal })
        #expect(eventsAfterward == 0)
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(combineLatest(a, b)) { observation in
                a.send(1)
                b.send(2)
                observation.dispose()
            })
        #expect(releasesEverything(Signal.combineLatest([a.toSignal(), b.toSignal()])) { $0.dispose() })
        let c = PassthroughSubject<Int, TestError>()
        let d = PassthroughSubject<Int, TestError>()
        #expect(releasesEverything(combineLatest(c, d)) { _ in c.send(completion: .failure(TestError.boom)) })
    }
}
