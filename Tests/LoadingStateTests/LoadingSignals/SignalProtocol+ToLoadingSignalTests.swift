import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct ToLoadingSignalTests {
    @Test func startsWithLoadingThenLoadedValues() {
        let recorder = Recorder<State, Never>()
        _ = Signal<Int, TestError>.sequence([1, 2]).toLoadingSignal().observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .next(.loaded(1)), .next(.loaded(2)), .completed])
    }

    @Test func errorBecomesFailedStateAndCompletes() {
        let recorder = Recorder<State, Never>()
        _ = Signal<Int, TestError>.failed(.boom).toLoadingSignal().observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .next(.failed(.boom)), .completed])
    }

    @Test func sendsLoadingBeforeTheWorkAnswers() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<State, Never>()
        let disposable = subject.toLoadingSignal().observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading)])
        subject.send(7)
        #expect(recorder.elements == [.loading, .loaded(7)])
        disposable.dispose()
        subject.send(8)
        #expect(recorder.elements == [.loading, .loaded(7)])
    }
}
