import TestSupport
import StreamCore
import Testing

@Suite struct SkipTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func dropsTheFirstElements() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence(1...5).skip(first: 2).observe(with: recorder.observer)
        #expect(recorder.events == [.next(3), .next(4), .next(5), .completed])
    }

    @Test func zeroOrNegativeDropsNothing() {
        let zero = Recorder<Int, Never>()
        _ = SafeSignal.sequence(1...2).skip(first: 0).observe(with: zero.observer)
        #expect(zero.events == [.next(1), .next(2), .completed])
        let negative = Recorder<Int, Never>()
        _ = SafeSignal.sequence(1...2).skip(first: -4).observe(with: negative.observer)
        #expect(negative.events == [.next(1), .next(2), .completed])
    }

    @Test func terminationPassesThroughWhileSkipping() {
        let failed = Recorder<Int, TestError>()
        let subject = PassthroughSubject<Int, TestError>()
        _ = subject.skip(first: 3).observe(with: failed.observer)
        subject.send(1)
        subject.send(completion: .failure(TestError.other(1)))
        #expect(failed.events == [.failed(TestError.other(1))])

        let completed = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1]).skip(first: 3).observe(with: completed.observer)
        #expect(completed.events == [.completed])
    }

    @Test func eachObservationCountsOnItsOwn() {
        let signal = SafeSignal.sequence(1...3).skip(first: 1)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        _ = signal.observe(with: first.observer)
        _ = signal.observe(with: second.observer)
        #expect(first.elements == [2, 3])
        #expect(second.elements == [2, 3])
    }

    @Test func disposeStopsEventsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.skip(first: 1).observe(with: recorder.observer)
        source.send(1)
        source.send(2)
        observation.dispose()
        source.send(3)
        #expect(recorder.events == [.next(2)])
        #expect(source.disposals == 1)
    }

    @Test func reentrantSendKeepsOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[Int]>([])
        bag += subject.skip(first: 1).observeNext { value in
            log.mutate { $0.append(value) }
            if value == 2 { subject.send(3) }
            log.mutate { $0.append(-value) }
        }
        subject.send(1)
        subject.send(2)
        #expect(log.value == [2, -2, 3, -3])
    }

    @Test func infiniteSourceStopsWhenDownstreamIsDone() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence(1...).skip(first: 2).take(first: 2).observe(with: recorder.observer)
        #expect(recorder.events == [.next(3), .next(4), .completed])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            _ = subject.skip(first: 1).observeNext { _ in _ = tracked }
            subject.send(completion: .finished)
        }
        #expect(weakRef == nil)
    }
}
