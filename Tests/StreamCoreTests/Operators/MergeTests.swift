import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct MergeTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsElementsOfBothAsTheyArrive() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = a.merge(with: b).observe(with: recorder.observer)
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        b.send(4)
        #expect(!recorder.isTerminated)
        b.send(completion: .finished)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test func freeFunctionArrayAndVariadicForms() {
        let free = Recorder<Int, Never>()
        _ = merge(SafeSignal.sequence([1, 2]), SafeSignal.just(3)).observe(with: free.observer)
        #expect(free.events == [.next(1), .next(2), .next(3), .completed])

        let array = Recorder<Int, Never>()
        _ = SafeSignal.merge([.just(1), .sequence([2, 3]), .just(4)]).observe(with: array.observer)
        #expect(array.events == [.next(1), .next(2), .next(3), .next(4), .completed])

        let variadic = Recorder<Int, Never>()
        _ = SafeSignal.merge(.just(1), .just(2)).observe(with: variadic.observer)
        #expect(variadic.events == [.next(1), .next(2), .completed])

        let empty = Recorder<Int, Never>()
        _ = SafeSignal<Int>.merge([]).observe(with: empty.observer)
        #expect(empty.events == [.completed])
    }

    @Test func firstFailureFailsAndDisposesTheOthers() {
        let sources = (0..<3).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<Int, TestError>()
        _ = Signal.merge(sources.map(\.signal)).observe(with: recorder.observer)
        sources[0].send(1)
        sources[2].send(completion: .failure(TestError.other(5)))
        sources[1].send(2)
        #expect(recorder.events == [.next(1), .failed(TestError.other(5))])
        #expect(sources.map(\.disposals) == [1, 1, 1])

        let later = Probe<Int, TestError>()
        let synchronous = Recorder<Int, TestError>()
        _ = merge(Signal<Int, TestError>.failed(TestError.other(6)), later.signal).observe(with: synchronous.observer)
        #expect(synchronous.events == [.failed(TestError.other(6))])
        #expect(later.subscriptions == 0)
    }

    @Test func disposeStopsEventsAndDisposesUpstreams() {
        let a = Probe<Int, Never>()
        let b = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = a.signal.merge(with: b.signal).observe(with: recorder.observer)
        a.send(1)
        observation.dispose()
        b.send(2)
        a.send(completion: .finished)
        #expect(recorder.events == [.next(1)])
        #expect(a.disposals == 1 && b.disposals == 1)
    }

    @Test func synchronousInfiniteSourceStopsWhenDownstreamIsDone() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence(1...).merge(with: SafeSignal.never()).take(first: 3).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentElement() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let log = Box<[Int]>([])
        bag += a.merge(with: b).observeNext { value in
            log.mutate { $0.append(value) }
            if value == 1 {
                b.send(2)
                log.mutate { $0.append(-1) }
            }
        }
        a.send(1)
        #expect(log.value == [1, -1, 2])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            let observation = a.merge(with: b).observeNext { _ in _ = tracked }
            a.send(1)
            observation.dispose()
        }
        #expect(weakRef == nil)
        #expect(a.observerCount == 0 && b.observerCount == 0)
    }

    @Test func stressEightSourcesLoseNothingAndKeepOrder() async {
        let sources = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        let completed = DispatchSemaphore(value: 0)
        _ = Signal.merge(sources.map { $0.toSignal() }).observe(with: { event in
            recorder.observer(event)
            if case .completed = event { completed.signal() }
        })
        runConcurrently { thread in
            for index in 0..<1_000 { sources[thread].send(thread * 100_000 + index) }
            sources[thread].send(completion: .finished)
        }
        #expect(await wait(for: completed))
        let elements = recorder.elements
        #expect(elements.count == 8_000)
        #expect(Set(elements).count == 8_000)
        #expect(isOrderedPerKey(elements) { $0 / 100_000 })
        #expect(recorder.events.filter(\.isTerminal) == [.completed])
        #expect(recorder.events.last == .completed)
    }

    @Test func stressConcurrentDisposeStopsEverything() {
        let sources = (0..<7).map { _ in Probe<Int, Never>() }
        let (events, eventsAfterward) = disposeWhileSending(Signal.merge(sources.map(\.signal)), threshold: 100) {
            sources[$0].send($0 * 100_000 + $1)
        }
        let delivered = events.compactMap(\.element)
        #expect(delivered.count >= 100)
        #expect(Set(delivered).count == delivered.count)
        #expect(isOrderedPerKey(delivered) { $0 / 100_000 })
        #expect(sources.allSatisfy { $0.disposals == 1 })
        #expect(eventsAfterward == 0)
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(a.merge(with: b)) { $0.dispose() })
        #expect(
            releasesEverything(merge(a, b)) { _ in
                a.send(completion: .finished)
                b.send(completion: .finished)
            })
    }
}
