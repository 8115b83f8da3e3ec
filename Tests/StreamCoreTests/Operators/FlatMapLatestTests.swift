import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct FlatMapLatestTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsOnlyTheLatestInnerElements() {
        let outer = PassthroughSubject<Int, TestError>()
        let inners = (0..<2).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        bag += outer.flatMapLatest { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        inners[0].send(1)
        outer.send(1)
        inners[0].send(2)  // replaced: dropped
        inners[1].send(3)
        #expect(recorder.events == [.next(1), .next(3)])
        #expect(inners[0].disposals == 1)
        #expect(inners[1].disposals == 0)
    }

    @Test func completesWhenOuterAndCurrentInnerComplete() {
        let outer = PassthroughSubject<Int, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = outer.flatMapLatest { _ in inner }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(completion: .finished)
        inner.send(5)
        #expect(!recorder.isTerminated)
        inner.send(completion: .finished)
        #expect(recorder.events == [.next(5), .completed])

        let early = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).flatMapLatest { Signal<Int, TestError>.just($0 * 10) }
            .observe(with: early.observer)
        #expect(early.events == [.next(10), .next(20), .completed])
    }

    @Test func innerOrOuterFailureFails() {
        let outer = Probe<Int, TestError>()
        let inner = Probe<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = outer.signal.flatMapLatest { _ in inner.signal }.observe(with: recorder.observer)
        outer.send(0)
        inner.send(completion: .failure(TestError.other(3)))
        outer.send(1)
        #expect(recorder.events == [.failed(TestError.other(3))])
        #expect(outer.disposals == 1)

        let outerFails = Recorder<Int, TestError>()
        let source = PassthroughSubject<Int, TestError>()
        _ = source.flatMapLatest { _ in Signal<Int, TestError>.never() }.observe(with: outerFails.observer)
        source.send(1)
        source.send(completion: .failure(TestError.other(4)))
        #expect(outerFails.events == [.failed(TestError.other(4))])
    }

    @Test func mixedErrorOverloads() {
        let safeInner = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).flatMapLatest { SafeSignal<Int>.just($0) }
            .observe(with: safeInner.observer)
        #expect(safeInner.events == [.next(1), .next(2), .completed])

        let safeOuter = Recorder<Int, TestError>()
        _ = SafeSignal<Int>.sequence([1, 2]).flatMapLatest { value -> Signal<Int, TestError> in
            value == 2 ? .failed(TestError.other(value)) : .just(value)
        }.observe(with: safeOuter.observer)
        #expect(safeOuter.events == [.next(1), .failed(TestError.other(2))])
    }

    @Test func disposeStopsEverythingAndDisposesUpstreams() {
        let outer = Probe<Int, Never>()
        let inner = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = outer.signal.flatMapLatest { _ in inner.signal }.observe(with: recorder.observer)
        outer.send(0)
        inner.send(1)
        observation.dispose()
        inner.send(2)
        outer.send(1)
        #expect(recorder.events == [.next(1)])
        #expect(outer.disposals == 1 && inner.disposals == 1)
        #expect(inner.subscriptions == 1)
    }

    @Test func replacedInnerSeesItsLifetimeEnd() async {
        // The first inner produces on another thread, one element per `proceed` signal, until its
        // observer reports disposal; its producer returns nothing to dispose, so only the lifetime
        // can stop it.
        let outer = PassthroughSubject<Int, Never>()
        let running = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, Never>()
        _ = outer.flatMapLatest { value -> SafeSignal<Int> in
            guard value == 0 else { return .just(value) }
            return Signal.trusted({ observer in
                DispatchQueue.global().async {
                    observer.receive(0)
                    running.signal()
                    while proceed.wait(timeout: .now() + generousTimeout) == .success, !observer.isDisposed {
                        observer.receive(0)
                    }
                    if observer.isDisposed { stopped.signal() }
                }
                return NonDisposable.instance
            })
        }.observe(with: recorder.observer)
        outer.send(0)
        #expect(await wait(for: running))
        outer.send(1)
        proceed.signal()
        #expect(await wait(for: stopped))
        #expect(recorder.elements == [0, 1])
    }

    @Test func reentrantOuterSendSwitchesAfterTheCurrentElement() {
        #expect(reentrantOuterSendLog { $0.flatMapLatest($1) } == [1, 2, 10, 11])
    }

    @Test func releasesCapturedObjects() {
        #expect(
            flatteningReleasesCaptures(
                { $0.flatMapLatest($1) },
                drive: { outer, inner in
                    outer.send(1)
                    inner.send(2)
                }))

        weak var completedRef: Tracked?
        do {
            let tracked = Tracked()
            completedRef = tracked
            let source = PassthroughSubject<Int, Never>()
            _ = source.flatMapLatest { value in
                _ = tracked; return SafeSignal.just(value)
            }.observeNext { _ in }
            source.send(1)
            source.send(completion: .finished)
        }
        #expect(completedRef == nil)
    }

    @Test func stressSwitchingNeverDeliversAReplacedInner() {
        // Thread 0 switches the outer through generations 1…200 while threads 1…7 send into a shared
        // inner source; every inner tags elements with its generation.
        let outer = PassthroughSubject<Int, Never>()
        let shared = PassthroughSubject<Int, Never>()
        let recorder = Recorder<[Int], Never>()
        let observation = outer.flatMapLatest { generation in shared.map { [generation, $0] } }
            .observe(with: recorder.observer)
        outer.send(0)
        runConcurrently { thread in
            if thread == 0 {
                for generation in 1...200 { outer.send(generation) }
            } else {
                for index in 0..<500 { shared.send(thread * 100_000 + index) }
            }
        }
        // Quiet phase: the last inner receives everything sent from now on, exactly once.
        runConcurrently { thread in
            for index in 500..<600 { shared.send(thread * 100_000 + index) }
        }
        let pairs = recorder.elements
        let generations = pairs.map { $0[0] }
        #expect(zip(generations, generations.dropFirst()).allSatisfy { $0 <= $1 })
        for generation in Set(generations) {
            let values = pairs.filter { $0[0] == generation }.map { $0[1] }
            #expect(Set(values).count == values.count)
            #expect(isOrderedPerKey(values) { $0 / 100_000 })
        }
        let tail = pairs.filter { $0[1] % 100_000 >= 500 }
        #expect(tail.count == 8 * 100)
        #expect(tail.allSatisfy { $0[0] == 200 })
        observation.dispose()
        #expect(shared.observerCount == 0)
    }

    @Test func stressConcurrentDisposeWhileInnersSend() {
        // Thread 0 also switches the outer between the inners every 100 elements.
        let outer = Probe<Int, Never>()
        let inners = (0..<7).map { _ in Probe<Int, Never>() }
        let signal = outer.signal.flatMapLatest { inners[$0].signal }
        let (events, eventsAfterward) = disposeWhileSending(signal, threshold: 50) { thread, index in
            if thread == 0, index == 0 { outer.send(0) }
            if thread == 0, index % 100 == 99 { outer.send(index / 100 % 7) }
            inners[thread].send(index)
        }
        #expect(events.count >= 50)
        #expect(outer.disposals == 1)
        #expect(inners.allSatisfy { $0.subscriptions == $0.disposals })
        #expect(eventsAfterward == 0)
        #expect(!events.contains { $0.isTerminal })
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let outer = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(outer.flatMapLatest { _ in inner }) { observation in
                outer.send(1)
                outer.send(2)
                inner.send(3)
                observation.dispose()
            })
        let source = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(source.flatMapLatest { SafeSignal.just($0) }) { _ in
                source.send(1)
                source.send(completion: .finished)
            })
        #expect(outer.observerCount == 0 && inner.observerCount == 0 && source.observerCount == 0)
    }
}
