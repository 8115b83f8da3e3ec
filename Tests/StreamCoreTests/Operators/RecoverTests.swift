import TestSupport
import StreamCore
import Testing

@Suite struct RecoverTests {
    @Test func replacesTheFailureWithAnElementAndCompletes() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        _ = subject.recover(with: 0).observe(with: recorder.observer)
        subject.send(1)
        subject.send(completion: .failure(TestError.boom))
        #expect(recorder.events == [.next(1), .next(0), .completed])
    }

    @Test func completionPassesThroughWithoutTheElement() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, TestError>.sequence([1, 2]).recover(with: 0).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func replaceErrorIsTheSameOperator() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, TestError>.failed(TestError.boom).replaceError(with: 7).observe(with: recorder.observer)
        #expect(recorder.events == [.next(7), .completed])
    }

    @Test func disposeStopsEventsAndDisposesUpstream() {
        let source = Probe<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.recover(with: 0).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(completion: .failure(TestError.boom))
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func reentrantSendKeepsOrder() {
        let subject = PassthroughSubject<Int, TestError>()
        let log = Box<[Int]>([])
        _ = subject.replaceError(with: 0).observeNext { value in
            log.mutate { $0.append(value) }
            if value == 1 { subject.send(completion: .failure(TestError.boom)) }
            log.mutate { $0.append(-value) }
        }
        subject.send(1)
        #expect(log.value == [1, -1, 0, 0])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let subject = PassthroughSubject<Int, TestError>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            _ = subject.recover(with: 0).observeNext { _ in _ = tracked }
            subject.send(completion: .failure(TestError.boom))
        }
        #expect(weakRef == nil)
    }
}
