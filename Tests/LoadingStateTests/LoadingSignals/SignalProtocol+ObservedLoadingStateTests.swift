import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct DeriveObservedLoadingStateTests {
    typealias Observed = ObservedLoadingState<Int, TestError>

    @Test func everyLoadingAfterTheFirstResultIsReloading() {
        let recorder = Recorder<Observed, Never>()
        let states: SafeSignal<State> = .sequence([.loading, .loading, .loaded(1), .loading, .failed(.boom), .loading, .loaded(2)])
        _ = states.deriveObservedLoadingState().observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .next(.loaded(1)), .next(.reloading), .next(.failed(.boom)), .next(.reloading), .next(.loaded(2)), .completed])
    }

    @Test func loadsAgainOnFailureKeepsLoadingAfterAnError() {
        let recorder = Recorder<Observed, Never>()
        let states: SafeSignal<State> = .sequence([.loading, .failed(.boom), .loading, .loaded(1), .loading])
        _ = states.deriveObservedLoadingState(loadsAgainOnFailure: true).observe(with: recorder.observer)
        #expect(recorder.elements == [.loading, .failed(.boom), .loading, .loaded(1), .reloading])
    }
}
