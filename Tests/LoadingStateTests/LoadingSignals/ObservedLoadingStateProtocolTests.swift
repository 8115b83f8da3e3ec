import LoadingState
import Testing

@Suite struct ObservedLoadingStateProtocolTests {
    @Test func onlyReloadingIsReloading() {
        let states: [ObservedLoadingState<Int, TestError>] = [.loading, .reloading, .loaded(1), .failed(.boom)]
        #expect(states.map(\.isReloading) == [false, true, false, false])
    }
}
