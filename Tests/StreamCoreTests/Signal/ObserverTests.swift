import TestSupport
import StreamCore
import Testing

@Suite struct ObserverTests {
    @Test func receiveHelpersSendTheMatchingEvents() {
        let recorder = Recorder<Int, TestError>()
        let observer = Observer<Int, TestError>(recorder.observer)
        observer.receive(1)
        observer(.next(2))
        observer.receive(lastElement: 3)
        observer.receive(completion: .failure(.boom))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed, .failed(.boom)])
    }

    @Test func voidObserverReceivesWithoutArgument() {
        let recorder = Recorder<Void, Never>()
        let observer = Observer<Void, Never>(recorder.observer)
        observer.receive()
        #expect(recorder.events.count == 1)
    }

    @Test func plainObserverIsNeverDisposed() {
        let observer = Observer<Int, Never> { _ in }
        #expect(!observer.isDisposed)
    }

    @Test func subjectsAreObservers() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = subject.observe(with: recorder.observer)
        _ = Signal<Int, Never>.sequence([1, 2]).observe(with: subject)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }
}
