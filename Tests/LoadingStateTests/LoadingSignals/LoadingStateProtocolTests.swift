import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct LoadingStateProtocolTests {
    /// Generic code over the protocol sees both state types the same way.
    func describe<S: LoadingStateProtocol>(_ state: S) -> String where S.LoadingValue == Int {
        if state.isLoading { return "loading" }
        if let value = state.value { return "value \(value)" }
        return "error \(String(describing: state.error))"
    }

    @Test func bothStateTypesConform() {
        #expect(describe(LoadingState<Int, TestError>.loaded(1)) == "value 1")
        #expect(describe(ObservedLoadingState<Int, TestError>.reloading) == "loading")
        #expect(describe(ObservedLoadingState<Int, TestError>.failed(.boom)) == "error Optional(LoadingStateTests.TestError.boom)")
    }

    @Test func operatorsWorkOnSignalsOfObservedStates() {
        let recorder = Recorder<Int, Never>()
        let observed: SafeSignal<ObservedLoadingState<Int, TestError>> = .sequence([.loading, .loaded(1), .reloading, .loaded(2)])
        _ = observed.value().observe(with: recorder.observer)
        #expect(recorder.elements == [1, 2])
    }
}
