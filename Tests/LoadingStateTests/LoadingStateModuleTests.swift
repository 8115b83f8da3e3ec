import Testing
@testable import LoadingState
import StreamCore

@Suite struct LoadingStateModuleTests {
    @Test func moduleBuildsOnStreamCore() {
        #expect(LoadingStateModule.StateSignal<Int>.self == StreamCore.Signal<Int, Never>.self)
    }
}
