import TestSupport
import Dispatch
import StreamCore
import Synchronization
import Testing

@Suite struct FlatMapMergeTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsElementsOfAllInnersAsTheyArrive() {
        let outer = PassthroughSubject<Int, TestError>()
        let inners = (0..<2).map { _ in PassthroughSubject<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        _ = outer.flatMapMerge { inners[$0] }.observe(with: recorder.observer)
        outer.send(0)
        inners[0].send(1)
        outer.send(1)
        inners[1].send(3)
        inners[0].send(2)
        #expect(recorder.events == [.next(1), .next(3), .next(2)])
    }

    @Test func completesWhenOuterAndAllInnersComplete() {
        let outer = PassthroughSubject<Int, TestError>()
        let inners = (0..<2).map { _ in PassthroughSubject<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        _ = outer.flatMapMerge { inners[$0] }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        outer.send(completion: .finished)
        inners[1].send(completion: .finished)
        #expect(!recorder.isTerminated)
        inners[0].send(completion: .finished)
        #expect(recorder.events == [.completed])

        let empty = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.completed().flatMapMerge { Signal<Int, TestError>.just($0) }
            .observe(with: empty.observer)
        #expect(empty.events == [.completed])
    }

    @Test func anyFailureFailsAndDisposesTheRest() {
        let outer = Probe<Int, TestError>()
        let inners = (0..<2).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        _ = outer.signal.flatMapMerge { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        inners[1].send(completion: .failure(TestError.other(1)))
        inners[0].send(5)
        #expect(recorder.events == [.failed(TestError.other(1))])
        #expect(outer.disposals == 1 && inners[0].disposals == 1)

        let outerFails = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.failed(TestError.other(2)).flatMapMerge { Signal<Int, TestError>.just($0) }
            .observe(with: outerFails.observer)
        #expect(outerFails.events == [.failed(TestError.other(2))])
    }

    @Test func maxConcurrentQueuesInnersInOrder() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = (0..<3).map { _ in Probe<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        bag += outer.flatMapMerge(maxConcurrent: 2) { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        outer.send(2)
        #expect(inners.map(\.subscriptions) == [1, 1, 0])
        inners[1].send(completion: .finished)
        #expect(inners[2].subscriptions == 1)
        inners[2].send(7)
        #expect(recorder.elements == [7])
    }

    @Test func maxConcurrentBelowOneMeansOne() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in Probe<Int, Never>() }
        bag += outer.flatMapMerge(maxConcurrent: -3) { inners[$0].signal }.observeNext { _ in }
        outer.send(0)
        outer.send(1)
        #expect(inners.map(\.subscriptions) == [1, 0])
    }

    @Test func mixedErrorOverloads() {
        let safeInner = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).flatMapMerge { SafeSignal<Int>.just($0) }
            .observe(with: safeInner.observer)
        #expect(safeInner.events == [.next(1), .next(2), .completed])
        let limited = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).flatMapMerge(maxConcurrent: 1) { SafeSignal<Int>.just($0) }
            .observe(with: limited.observer)
        #expect(limited.events == [.next(1), .next(2), .completed])

        let safeOuter = Recorder<Int, TestError>()
        _ = SafeSignal<Int>.sequence([1, 2]).flatMapMerge { value -> Signal<Int, TestError> in
            value == 2 ? .failed(TestError.other(2)) : .just(value)
        }.observe(with: safeOuter.observer)
        #expect(safeOuter.events == [.next(1), .failed(TestError.other(2))])
        let safeOuterLimited = Recorder<Int, TestError>()
        _ = SafeSignal<Int>.sequence([1, 2]).flatMapMerge(maxConcurrent: 2) { Signal<Int, TestError>.just($0) }
            .observe(with: safeOuterLimited.observer)
        #expect(safeOuterLimited.events == [.next(1), .next(2), .completed])
    }

    @Test func disposeStopsEverythingAndDisposesUpstreams() {
        let outer = Probe<Int, Never>()
        let inners = (0..<2).map { _ in Probe<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        let observation = outer.signal.flatMapMerge { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        inners[0].send(1)
        observation.dispose()
        inners[1].send(2)
        outer.send(0)
        #expect(recorder.events == [.next(1)])
        #expect(outer.disposals == 1 && inners.allSatisfy { $0.disposals == 1 })
    }

    @Test func reentrantOuterSendFromObserverKeepsOrder() {
        #expect(reentrantOuterSendLog { $0.flatMapMerge($1) } == [1, 2, 10, 11])
    }

    @Test func releasesCapturedObjects() {
        #expect(flatteningReleasesCaptures({ $0.flatMapMerge($1) }, drive: { outer, _ in outer.send(1) }))
    }

    @Test func stressEightInnersSendingAtOnceLoseNothing() async {
        let inners = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        let completed = DispatchSemaphore(value: 0)
        _ = SafeSignal.sequence(0..<8).flatMapMerge { inners[$0] }.observe(with: { event in
            recorder.observer(event)
            if case .completed = event { completed.signal() }
        })
        runConcurrently { thread in
            for index in 0..<1_000 { inners[thread].send(thread * 100_000 + index) }
            inners[thread].send(completion: .finished)
        }
        #expect(await wait(for: completed))
        let elements = recorder.elements
        #expect(elements.count == 8_000)
        #expect(Set(elements).count == 8_000)
        #expect(isOrderedPerKey(elements) { $0 / 100_000 })
        #expect(recorder.events.filter(\.isTerminal).count == 1)
    }

    @Test func stressLimitIsNeverExceeded() async {
        let active = Atomic<Int>(0)
        let peak = Atomic<Int>(0)
        let recorder = Recorder<Int, TestError>()
        let completed = DispatchSemaphore(value: 0)
        let outer = PassthroughSubject<Int, TestError>()
        _ = outer.flatMapMerge(maxConcurrent: 3) { id -> Signal<Int, TestError> in
            Signal({ observer in
                let now = active.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
                peak.max(now, ordering: .sequentiallyConsistent)
                DispatchQueue.global().async {
                    for index in 0..<10 { observer.receive(id * 1_000 + index) }
                    active.wrappingSubtract(1, ordering: .sequentiallyConsistent)
                    observer.receive(completion: .finished)
                }
                return NonDisposable.instance
            })
        }.observe(with: { event in
            recorder.observer(event)
            if event.isTerminal { completed.signal() }
        })
        runConcurrently { thread in
            for index in 0..<8 { outer.send(thread * 8 + index) }
        }
        outer.send(completion: .finished)
        #expect(await wait(for: completed))
        #expect(peak.load(ordering: .sequentiallyConsistent) <= 3)
        #expect(recorder.elements.count == 640)
        #expect(isOrderedPerKey(recorder.elements) { $0 / 1_000 })
        #expect(recorder.events.last == .completed)
    }

    @Test func stressConcurrentDisposeWhileInnersSend() {
        let inners = (0..<7).map { _ in Probe<Int, Never>() }
        let (events, eventsAfterward) = disposeWhileSending(
            SafeSignal.sequence(0..<7).flatMapMerge { inners[$0].signal },
            threshold: 100
        ) { inners[$0].send($0 * 100_000 + $1) }
        let delivered = events.compactMap(\.element)
        #expect(delivered.count >= 100)
        #expect(isOrderedPerKey(delivered) { $0 / 100_000 })
        #expect(inners.allSatisfy { $0.disposals == 1 })
        #expect(eventsAfterward == 0)
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let outer = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(outer.flatMapMerge(maxConcurrent: 1) { _ in inner }) { observation in
                outer.send(1)
                outer.send(2)
                observation.dispose()
            })
        let source = PassthroughSubject<Int, Never>()
        let gate = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(source.flatMapMerge { $0 == 0 ? gate.toSignal() : SafeSignal.just($0) }) { _ in
                source.send(0)
                source.send(1)
                source.send(completion: .finished)
                gate.send(completion: .finished)
            })
        #expect(outer.observerCount == 0 && inner.observerCount == 0 && source.observerCount == 0)
    }
}
