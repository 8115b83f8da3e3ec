import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct LoadingValueOperatorTests {
    let states: SafeSignal<State> = .sequence([.loading, .loaded(1), .failed(.boom), .loaded(2)])

    @Test func valueKeepsLoadedValuesOnly() {
        let recorder = Recorder<Int, Never>()
        _ = states.value().observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func mapValueTransformsLoadedOnly() {
        let recorder = Recorder<LoadingState<String, TestError>, Never>()
        _ = states.mapValue { "\($0 * 10)" }.observe(with: recorder.observer)
        #expect(recorder.elements == [.loading, .loaded("10"), .failed(.boom), .loaded("20")])
    }

    @Test func mapLoadingErrorTransformsFailuresOnly() {
        let recorder = Recorder<LoadingState<Int, TestError>, Never>()
        _ = states.mapLoadingError { _ in TestError.other(9) }.observe(with: recorder.observer)
        #expect(recorder.elements == [.loading, .loaded(1), .failed(.other(9)), .loaded(2)])
    }

    @Test func dematerializeFailsOnFirstFailedState() {
        let recorder = Recorder<Int, TestError>()
        _ = states.dematerializeLoadingState().observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .failed(.boom)])
    }

    @Test func dematerializeCompletesWithSource() {
        let recorder = Recorder<Int, TestError>()
        _ = SafeSignal<State>.sequence([.loading, .loaded(5)]).dematerializeLoadingState().observe(with: recorder.observer)
        #expect(recorder.events == [.next(5), .completed])
    }
}
