import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct FlatMapConcatTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func observesOneInnerAtATimeInOrder() {
        let outer = PassthroughSubject<Int, TestError>()
        let inners = (0..<3).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        bag += outer.flatMapConcat { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        outer.send(2)
        #expect(inners.map(\.subscriptions) == [1, 0, 0])
        inners[0].send(1)
        inners[0].send(completion: .finished)
        #expect(inners.map(\.subscriptions) == [1, 1, 0])
        inners[1].send(2)
        inners[1].send(completion: .finished)
        inners[2].send(3)
        #expect(recorder.events == [.next(1), .next(2), .next(3)])
    }

    @Test func completesAfterOuterAndEveryQueuedInner() {
        let outer = PassthroughSubject<Int, TestError>()
        let inners = (0..<2).map { _ in PassthroughSubject<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        _ = outer.flatMapConcat { inners[$0] }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        outer.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(!recorder.isTerminated)
        inners[1].send(4)
        inners[1].send(completion: .finished)
        #expect(recorder.events == [.next(4), .completed])
    }

    @Test func failureFailsAndDropsTheQueue() {
        let outer = Probe<Int, TestError>()
        let inners = (0..<2).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        _ = outer.signal.flatMapConcat { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        inners[0].send(completion: .failure(TestError.other(9)))
        #expect(recorder.events == [.failed(TestError.other(9))])
        #expect(inners[1].subscriptions == 0)
        #expect(outer.disposals == 1)
    }

    @Test func mixedErrorOverloads() {
        let safeInner = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).flatMapConcat { SafeSignal<Int>.sequence([$0, $0]) }
            .observe(with: safeInner.observer)
        #expect(safeInner.events == [.next(1), .next(1), .next(2), .next(2), .completed])

        let safeOuter = Recorder<Int, TestError>()
        _ = SafeSignal<Int>.sequence([1, 2]).flatMapConcat { value -> Signal<Int, TestError> in
            value == 2 ? .failed(TestError.other(2)) : .just(value)
        }.observe(with: safeOuter.observer)
        #expect(safeOuter.events == [.next(1), .failed(TestError.other(2))])
    }

    @Test func longQueueOfSynchronousInnersRunsInConstantStack() {
        // The first inner holds the queue until it completes; then 20k synchronous inners run
        // from its completion handler. Recursion would overflow the stack.
        let gate = PassthroughSubject<Int, Never>()
        let outer = PassthroughSubject<Int, Never>()
        let sum = Box(0)
        let done = Box(false)
        _ = outer.flatMapConcat { value in value == 0 ? gate.toSignal() : SafeSignal.just(value) }
            .observe(with: { event in
                switch event {
                case .next(let value): sum.mutate { $0 &+= value }
                case .completed: done.mutate { $0 = true }
                }
            })
        outer.send(0)
        for value in 1...20_000 { outer.send(value) }
        outer.send(completion: .finished)
        #expect(sum.value == 0)
        gate.send(completion: .finished)
        #expect(sum.value == 20_000 * 20_001 / 2)
        #expect(done.value)
    }

    @Test func disposeStopsEverythingAndDisposesUpstreams() {
        let outer = Probe<Int, Never>()
        let inners = (0..<2).map { _ in Probe<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        let observation = outer.signal.flatMapConcat { inners[$0].signal }.observe(with: recorder.observer)
        outer.send(0)
        outer.send(1)
        inners[0].send(1)
        observation.dispose()
        inners[0].send(2)
        inners[0].send(completion: .finished)
        #expect(recorder.events == [.next(1)])
        #expect(outer.disposals == 1 && inners[0].disposals == 1)
        #expect(inners[1].subscriptions == 0)
    }

    @Test func reentrantOuterSendIsQueuedBehindTheCurrentInner() {
        #expect(reentrantOuterSendLog { $0.flatMapConcat($1) } == [1, 2, 10, 11])
    }

    @Test func releasesCapturedObjects() {
        #expect(
            flatteningReleasesCaptures(
                { $0.flatMapConcat($1) },
                drive: { outer, _ in
                    outer.send(1)
                    outer.send(2)
                }))
    }

    @Test func stressConcurrentOuterSendsWithAsynchronousInners() async {
        // Eight threads send on the outer; each inner sends on another thread. The output must be
        // the inners' elements concatenated in the order the outer delivered them.
        let outer = PassthroughSubject<Int, TestError>()
        let arrival = Box<[Int]>([])
        let recorder = Recorder<Int, TestError>()
        let completed = DispatchSemaphore(value: 0)
        _ = outer.flatMapConcat { id -> Signal<Int, TestError> in
            arrival.mutate { $0.append(id) }
            return asyncSignal((0..<5).map { id * 10 + $0 })
        }.observe(with: { event in
            recorder.observer(event)
            if event.isTerminal { completed.signal() }
        })
        runConcurrently { thread in
            for index in 0..<25 { outer.send(thread * 100 + index) }
        }
        outer.send(completion: .finished)
        #expect(await wait(for: completed))
        let expected = arrival.value.flatMap { id in (0..<5).map { id * 10 + $0 } }
        #expect(arrival.value.count == 200)
        #expect(recorder.elements == expected)
        #expect(recorder.events.last == .completed)
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let outer = PassthroughSubject<Int, Never>()
        let gate = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(outer.flatMapConcat { $0 == 0 ? gate.toSignal() : SafeSignal.just($0) }) { _ in
                outer.send(0)
                outer.send(1)
                gate.send(completion: .finished)
                outer.send(completion: .finished)
            })
        #expect(outer.observerCount == 0 && gate.observerCount == 0)
    }

    @Test func stressDisposeWhileInnersDeliverLeavesAnExactPrefix() async {
        // Eight threads queue 320 asynchronous inners; the test disposes while they deliver.
        let outer = PassthroughSubject<Int, TestError>()
        let arrival = Box<[Int]>([])
        let recorder = Recorder<Int, TestError>()
        let started = DispatchSemaphore(value: 0)
        let count = Box(0)
        let producers = DispatchGroup()
        let observation = outer.flatMapConcat { id -> Signal<Int, TestError> in
            arrival.mutate { $0.append(id) }
            return asyncSignal((0..<5).map { id * 10 + $0 }, group: producers)
        }.observe(with: { event in
            recorder.observer(event)
            if count.mutate({
                $0 += 1; return $0
            }) == 20 {
                started.signal()
            }
        })
        runConcurrently { thread in
            for index in 0..<40 { outer.send(thread * 100 + index) }
        }
        #expect(await wait(for: started))
        observation.dispose()
        // Wait until no inner producer runs, so that nothing is still being delivered.
        #expect(await wait(for: producers))
        let delivered = recorder.elements
        let expected = arrival.value.flatMap { id in (0..<5).map { id * 10 + $0 } }
        #expect(delivered.count >= 20)
        #expect(Array(expected.prefix(delivered.count)) == delivered)
        #expect(!recorder.isTerminated)
        #expect(outer.observerCount == 0)
        outer.send(1)
        #expect(recorder.elements.count == delivered.count)
    }
}
