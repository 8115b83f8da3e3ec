import TestSupport
import Dispatch
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

@Suite struct DisposeInsideLastElementTests {
    /// Operators that send an element and `.completed` for one upstream event must not send
    /// the completion when the observer disposed while handling that element.
    private func completionAfterDispose<U: Sendable>(_ make: (PassthroughSubject<Int, Never>) -> Signal<U, Never>) -> [Bool] {
        let subject = PassthroughSubject<Int, Never>()
        let handle = Box<(any Disposable)?>(nil)
        let log = Box<[Bool]>([])
        handle.mutate {
            $0 = make(subject).observe { event in
                log.mutate { $0.append(event.isTerminal) }
                if !event.isTerminal { handle.value?.dispose() }
            }
        }
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        return log.value
    }

    @Test func takeSendsNoCompletionAfterADisposeInTheLastElementHandler() {
        #expect(completionAfterDispose { $0.take(first: 1) } == [false])
    }

    @Test func elementAtSendsNoCompletionAfterADispose() {
        #expect(completionAfterDispose { $0.element(at: 0) } == [false])
    }

    @Test func reduceCollectAndBufferSendNoCompletionAfterADispose() {
        #expect(completionAfterDispose { $0.reduce(0, +) } == [false])
        #expect(completionAfterDispose { $0.collect() } == [false])
        #expect(completionAfterDispose { $0.buffer(size: 5) } == [false])
    }

    @Test func justSendsNoCompletionAfterADispose() {
        let handle = Box<(any Disposable)?>(nil)
        let log = Box<[Bool]>([])
        let signal = Signal<Int, Never>.deferred { .just(1) }.subscribe(on: .global())
        let done = DispatchSemaphore(value: 0)
        handle.mutate {
            $0 = signal.observe { event in
                log.mutate { $0.append(event.isTerminal) }
                handle.value?.dispose()
                done.signal()
            }
        }
        _ = done.wait(timeout: .now() + 5)
        #expect(log.value == [false])
    }
}
