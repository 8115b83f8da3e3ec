import TestSupport
import StreamCore
import Testing

@Suite struct CurrentValueSubjectTests {
    @Test func observersReceiveTheCurrentValueFirst() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let recorder = Recorder<Int, Never>()
        _ = subject.observe(with: recorder.observer)
        subject.value = 1
        subject.send(2)
        #expect(recorder.elements == [0, 1, 2])
        #expect(subject.value == 2)
    }

    @Test func valueStaysAfterCompletionAndLaterSetsAreIgnored() {
        let subject = CurrentValueSubject<Int, TestError>(5)
        let recorder = Recorder<Int, TestError>()
        _ = subject.observe(with: recorder.observer)
        subject.send(completion: .finished)
        subject.value = 9
        #expect(subject.value == 5)
        #expect(recorder.events == [.next(5), .completed])
        let late = Recorder<Int, TestError>()
        _ = subject.observe(with: late.observer)
        #expect(late.events == [.next(5), .completed])
    }
}
