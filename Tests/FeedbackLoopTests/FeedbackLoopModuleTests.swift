import Testing
@testable import FeedbackLoop
import StreamCore

@Suite struct FeedbackLoopModuleTests {
    @Test func moduleBuildsOnStreamCore() {
        #expect(FeedbackLoopModule.StateSignal<Int>.self == StreamCore.Signal<Int, Never>.self)
    }
}
