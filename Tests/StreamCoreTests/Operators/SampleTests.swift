import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SampleTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsTheLatestElementOncePerNewElement() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.hotSignal("-a-b---c----")
        let sampler: TestSignal<String, Never> = try scheduler.hotSignal("---x-x-x-x-x")
        try scheduler.expectMarbles(source.sample(with: sampler), "---b---c----")
    }

    @Test func sourceCompletionCompletesAtTheNextTick() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.hotSignal("-a-b|-----")
        let sampler: TestSignal<String, Never> = try scheduler.hotSignal("--x---x---")
        try scheduler.expectMarbles(source.sample(with: sampler), "--a---(b|)")
        let idle: TestSignal<String, Never> = try scheduler.hotSignal("-a-|--")
        let ticks: TestSignal<String, Never> = try scheduler.hotSignal("--x-x-")
        try scheduler.expectMarbles(idle.sample(with: ticks), "--a-|-", values: ["a": "a"])
    }

    @Test func sourceFailureIsSentAtOnce() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.hotSignal("-a#--", values: ["a": 1], error: TestError.boom)
        let sampler = try scheduler.hotSignal("---x-", values: ["x": 0], error: TestError?.none)
        try scheduler.expectMarbles(source.sample(with: sampler), "--#", values: [:], error: .boom)
    }

    @Test func samplerEndSendsThePendingElementThenSourceCompletionCompletes() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.hotSignal("-a--b-|")
        let sampler = try scheduler.hotSignal("--#", values: ["x": 0], error: TestError.boom)
        try scheduler.expectMarbles(source.sample(with: sampler), "--a---|")
    }

    @Test func disposeDisposesBoth() {
        let source = Probe<Int, Never>()
        let sampler = Probe<Void, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.sample(with: sampler.signal).observe(with: recorder.observer)
        source.send(1)
        sampler.send(())
        source.send(2)
        observation.dispose()
        sampler.send(())
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1 && sampler.disposals == 1)
    }

    @Test func reentrantTickFromTheObserverIsQueued() {
        let source = PassthroughSubject<Int, Never>()
        let sampler = PassthroughSubject<Void, Never>()
        let log = Box<[String]>([])
        bag += source.sample(with: sampler).observe(with: { event in
            log.mutate { $0.append("\(event)") }
            if case .next(1) = event {
                source.send(2)
                sampler.send(())
                log.mutate { $0.append("returned") }
            }
        })
        source.send(1)
        sampler.send(())
        #expect(log.value == ["next(1)", "returned", "next(2)"])
    }

    @Test func releasesEverythingAfterDisposeAndTermination() {
        let source = PassthroughSubject<Int, Never>()
        let sampler = PassthroughSubject<Void, Never>()
        let tracked = Tracked()
        #expect(releasesEverything(source.sample(with: sampler)) { $0.dispose() })
        #expect(
            releasesEverything(
                source.map {
                    _ = tracked; return $0
                }.sample(with: sampler)
            ) { _ in
                source.send(completion: .finished)
                sampler.send(())
            })
        #expect(source.observerCount == 0 && sampler.observerCount == 0)
    }

    @Test func eightThreadsSendingAndSamplingDeliverSeriallyEachElementAtMostOnce() {
        let source = PassthroughSubject<Int, Never>()
        let sampler = PassthroughSubject<Void, Never>()
        let recorder = Recorder<Int, Never>()
        let overlaps = OverlapDetector()
        _ = source.sample(with: sampler).observe(with: { event in
            overlaps.enter()
            recorder.observer(event)
            overlaps.leave()
        })
        runConcurrently { thread in
            for index in 0..<1_000 {
                if thread < 4 { source.send(thread * 10_000 + index) }
                if thread >= 2 { sampler.send(()) }
            }
        }
        source.send(-1)
        sampler.send(())
        let elements = recorder.elements
        #expect(overlaps.overlapCount == 0)
        #expect(elements.last == -1)
        #expect(Set(elements).count == elements.count)
        #expect(isOrderedPerKey(Array(elements.dropLast())) { $0 / 10_000 })
    }

    @Test func disposingWhileSendingAndSamplingStopsDelivery() {
        let source = PassthroughSubject<Int, Never>()
        let sampler = PassthroughSubject<Void, Never>()
        let result = disposeWhileSending(source.sample(with: sampler), threshold: 5) { thread, index in
            source.send(thread * 10_000 + index)
            sampler.send(())
        }
        #expect(result.eventsAfterward == 0)
        #expect(source.observerCount == 0 && sampler.observerCount == 0)
    }
}
