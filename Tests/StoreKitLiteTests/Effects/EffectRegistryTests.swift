import TestSupport
import StreamCore
import Testing
@testable import StoreKitLite

@Suite struct EffectRegistryTests {
    @Test func effectEndingSynchronouslyLeavesTheRegistry() {
        let registry = EffectRegistry()
        _ = registry.run(id: "a", cancelInFlight: false) { finished in
            finished()
            return NonDisposable.instance
        }
        #expect(registry.count() == 0)
        #expect(registry.count(id: "a") == 0)
    }

    @Test func closedRegistryCancelsNewEffectsAtOnce() {
        let registry = EffectRegistry()
        registry.cancelAll(close: true)
        let started = Box(false)
        let disposable = registry.run(id: nil, cancelInFlight: false) { _ in
            started.mutate { $0 = true }
            return NonDisposable.instance
        }
        #expect(!started.value)
        #expect(disposable.isDisposed)
    }
}
