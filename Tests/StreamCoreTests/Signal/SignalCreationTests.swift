import TestSupport
import StreamCore
import Testing

@Suite struct SignalCreationTests {
    @Test func justSendsOneElementAndCompletes() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.just(5).observe(with: recorder.observer)
        #expect(recorder.events == [.next(5), .completed])
        let second = Recorder<Int, Never>()
        _ = Signal<Int, Never>(just: 6).observe(with: second.observer)
        #expect(second.events == [.next(6), .completed])
    }

    @Test func sequenceSendsAllElementsThenCompletes() {
        let recorder = Recorder<Int, Never>()
        let disposable = Signal<Int, Never>.sequence([1, 2, 3]).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
        #expect(disposable.isDisposed)
        let second = Recorder<Int, Never>()
        _ = Signal<Int, Never>(sequence: 1...2).observe(with: second.observer)
        #expect(second.elements == [1, 2])
    }

    @Test func infiniteSequenceStopsWhenTakeIsSatisfied() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence(0...).map { $0 * 2 }.take(first: 3).observe(with: recorder.observer)
        #expect(recorder.events == [.next(0), .next(2), .next(4), .completed])
    }

    @Test func completedFailedAndNever() {
        let completed = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.completed().observe(with: completed.observer)
        #expect(completed.events == [.completed])
        let failed = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.failed(.boom).observe(with: failed.observer)
        #expect(failed.events == [.failed(.boom)])
        let never = Recorder<Int, TestError>()
        let disposable = Signal<Int, TestError>.never().observe(with: never.observer)
        #expect(never.events.isEmpty)
        disposable.dispose()
    }

    @Test func deferredCreatesTheSignalPerObservation() {
        let made = Box(0)
        let signal = Signal<Int, Never>.deferred {
            let count = made.mutate {
                $0 += 1; return $0
            }
            return .just(count)
        }
        #expect(made.value == 0)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        _ = signal.observe(with: first.observer)
        _ = signal.observe(with: second.observer)
        #expect(first.elements == [1])
        #expect(second.elements == [2])
    }

    @Test func catchingTurnsThrowsIntoFailures() {
        let ok = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>(catching: { 4 }).observe(with: ok.observer)
        #expect(ok.events == [.next(4), .completed])
        let bad = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>(catching: { () throws(TestError) -> Int in throw .boom }).observe(with: bad.observer)
        #expect(bad.events == [.failed(.boom)])
    }

    @Test func anySignalProtocolConvertsToSignal() {
        let subject = PassthroughSubject<Int, Never>()
        let signal: Signal<Int, Never> = subject.toSignal()
        let recorder = Recorder<Int, Never>()
        _ = signal.observe(with: recorder.observer)
        subject.send(1)
        #expect(recorder.elements == [1])
    }
}
