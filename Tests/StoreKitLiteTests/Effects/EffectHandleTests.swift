import TestSupport
import StreamCore
import Testing
@testable import StoreKitLite

@Suite struct EffectHandleTests {
    @Test func disposingTheHandleCancelsAndUnregistersTheEffect() {
        let registry = EffectRegistry()
        let cancelled = Box(false)
        let handle = registry.run(id: "x", cancelInFlight: false) { _ in
            BlockDisposable { cancelled.mutate { $0 = true } }
        }
        #expect(!handle.isDisposed)
        #expect(registry.count(id: "x") == 1)
        handle.dispose()
        #expect(handle.isDisposed)
        #expect(cancelled.value)
        #expect(registry.count() == 0)
    }

    @Test func handleReportsCancellationByIdentifier() {
        let registry = EffectRegistry()
        let handle = registry.run(id: "x", cancelInFlight: false) { _ in NonDisposable.instance }
        registry.cancel(id: "x")
        #expect(handle.isDisposed)
    }
}
