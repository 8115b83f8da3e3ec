import StreamCore
import Testing

@Suite struct TakeTests {
    @Test func takesTheFirstElementsThenCompletesAndDisposesUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = subject.take(first: 2).observe(with: recorder.observer)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(subject.observerCount == 0)
    }

    @Test func zeroOrNegativeCountCompletesAtOnce() {
        for count in [0, -1] {
            let recorder = Recorder<Int, Never>()
            _ = Signal<Int, Never>.sequence([1, 2]).take(first: count).observe(with: recorder.observer)
            #expect(recorder.events == [.completed])
        }
    }

    @Test func passesEarlyTerminalEvents() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.failed(.boom).take(first: 3).observe(with: recorder.observer)
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func disposeBeforeCountStopsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let disposable = subject.take(first: 5).observe(with: recorder.observer)
        subject.send(1)
        disposable.dispose()
        subject.send(2)
        #expect(recorder.elements == [1])
        #expect(subject.observerCount == 0)
    }
}
