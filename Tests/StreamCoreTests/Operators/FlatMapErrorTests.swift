import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct FlatMapErrorTests {
    @Test func continuesWithTheRecoverySignal() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        _ = subject.flatMapError { error in SafeSignal.sequence([error == .other(5) ? 5 : 0, 100]) }.observe(with: recorder.observer)
        subject.send(1)
        subject.send(completion: .failure(TestError.other(5)))
        #expect(recorder.events == [.next(1), .next(5), .next(100), .completed])
    }

    @Test func completionPassesThroughAndRecoveryMayFail() {
        let completed = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.just(1).flatMapError { _ in Signal<Int, TestError>.just(2) }
            .observe(with: completed.observer)
        #expect(completed.events == [.next(1), .completed])

        let failed = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.failed(TestError.other(1))
            .flatMapError { Signal<Int, TestError>.failed($0 == .other(1) ? .other(2) : .boom) }
            .observe(with: failed.observer)
        #expect(failed.events == [.failed(TestError.other(2))])
    }

    @Test func synchronousFailureKeepsTheRecoveryRunning() {
        let recovery = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = Signal<Int, TestError>.failed(TestError.boom).flatMapError { _ in recovery.signal }
            .observe(with: recorder.observer)
        recovery.send(3)
        #expect(recorder.elements == [3])
        #expect(recovery.disposals == 0)
        observation.dispose()
        recovery.send(4)
        #expect(recorder.elements == [3])
        #expect(recovery.disposals == 1)
    }

    @Test func disposeDisposesTheRunningObservation() {
        let source = Probe<Int, TestError>()
        let recovery = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.flatMapError { _ in recovery.signal }.observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
        #expect(recovery.subscriptions == 0)
    }

    @Test func reentrantSendKeepsOrder() {
        let subject = PassthroughSubject<Int, TestError>()
        let log = Box<[Int]>([])
        _ = subject.flatMapError { _ in SafeSignal.just(9) }.observeNext { value in
            log.mutate { $0.append(value) }
            if value == 1 { subject.send(completion: .failure(TestError.boom)) }
            log.mutate { $0.append(-value) }
        }
        subject.send(1)
        #expect(log.value == [1, -1, 9, -9])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let subject = PassthroughSubject<Int, TestError>()
        let recovery = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            _ = subject.flatMapError { _ in
                _ = tracked; return recovery
            }.observeNext { _ in }
            subject.send(completion: .failure(TestError.boom))
            recovery.send(completion: .finished)
        }
        #expect(weakRef == nil)
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let subject = PassthroughSubject<Int, TestError>()
        let recovery = PassthroughSubject<Int, Never>()
        #expect(
            releasesEverything(subject.flatMapError { _ in recovery }) { observation in
                subject.send(completion: .failure(TestError.boom))
                observation.dispose()
            })
        #expect(subject.observerCount == 0 && recovery.observerCount == 0)
    }
}
