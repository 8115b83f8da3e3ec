import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct LoadingSignalTests {
    @Test func factoriesSendOneStateAndComplete() {
        let recorder = Recorder<State, Never>()
        _ = LoadingSignal<Int, TestError>.loading().observe(with: recorder.observer)
        _ = LoadingSignal<Int, TestError>.loaded(4).observe(with: recorder.observer)
        _ = LoadingSignal<Int, TestError>.failed(.boom).observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .completed, .next(.loaded(4)), .completed, .next(.failed(.boom)), .completed])
    }
}
