import Testing
@testable import StoreKitLite
import StreamCore

@Suite struct StoreKitLiteModuleTests {
    @Test func moduleBuildsOnStreamCore() {
        #expect(StoreKitLiteModule.StateSignal<Int>.self == StreamCore.Signal<Int, Never>.self)
    }
}
