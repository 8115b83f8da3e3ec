import LoadingState
import Testing

@Suite struct ObservedLoadingStateTests {
    @Test func reloadingReadsAsLoading() {
        let state: ObservedLoadingState<Int, TestError> = .reloading
        #expect(state.asLoadingState == .loading)
        #expect(state.isReloading && state.isLoading)
    }

    @Test func loadedAndFailedConvert() {
        #expect(ObservedLoadingState<Int, TestError>.loaded(2).asLoadingState == .loaded(2))
        #expect(ObservedLoadingState<Int, TestError>.failed(.boom).asLoadingState == .failed(.boom))
        #expect(ObservedLoadingState<Int, TestError>.loading.asObservedLoadingState == .loading)
    }
}
