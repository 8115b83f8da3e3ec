import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct LiftValueTests {
    @Test func appliesRegularOperatorsToLoadedValues() {
        let recorder = Recorder<State, Never>()
        let states: SafeSignal<State> = .sequence([.loading, .loaded(1), .loaded(2), .failed(.boom), .loaded(3)])
        _ = states.liftValue { $0.map { $0 * 10 }.filter { $0 != 20 } }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .next(.loaded(10)), .next(.failed(.boom)), .next(.loaded(30)), .completed])
    }

    @Test func transformedFailureBecomesFailedState() {
        let recorder = Recorder<State, Never>()
        let states: SafeSignal<State> = .sequence([.loaded(1), .loaded(2)])
        _ = states.liftValue { values in values.map { $0 }.take(first: 1) }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loaded(1)), .completed])
    }
}
