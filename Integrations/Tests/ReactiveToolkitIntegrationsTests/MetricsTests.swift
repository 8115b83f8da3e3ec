import CoreMetrics
import MetricsTestKit
import ReactiveToolkitMetrics
import StoreKitLite
import StreamCore
import Testing

@Suite struct StoreMetricsTests {
    @Test func countsReceivedReducedRefusedAndDroppedActions() async throws {
        let backend = TestMetrics()
        let metrics = StoreMetrics<Orders, OrderAction>(label: "orders", factory: backend)
        let dropDebug = Middleware<Orders, OrderAction> { action, _ in action == .debugOnly ? nil : action }
        let store = Store(
            initialState: Orders(), reducer: ordersReducer, middleware: [metrics.middleware, dropDebug], observers: [metrics]
        )
        try await store.send(.submit(1))
        try await store.send(.submit(2))
        await #expect(throws: StoreError.rejected("negative id -1")) { try await store.send(.submit(-1)) }
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.debugOnly) }
        #expect(try backend.expectCounter("orders_actions_received").totalValue == 4)
        #expect(try backend.expectCounter("orders_actions", [("result", "reduced")]).totalValue == 2)
        #expect(try backend.expectCounter("orders_actions", [("result", "refused"), ("error", "rejected")]).totalValue == 1)
        withExtendedLifetime(store) {}
    }

    @Test func recordsEachEffectsDurationAndTheGauges() async throws {
        let backend = TestMetrics()
        let metrics = StoreMetrics<Orders, OrderAction>(label: "orders", factory: backend)
        let store = Store(initialState: Orders(), reducer: ordersReducer, observers: [metrics])
        let observation = metrics.observeEffects(of: store)
        let payment = paymentFeedback(delay: .milliseconds(50))
        let attached = store.attach(effect: payment.effects, named: payment.name)
        let task = store.sendTracked(.submit(1))
        _ = try await task.state
        metrics.sampleGauges()
        #expect(try backend.expectGauge("orders_effects_in_flight").lastValue == 1)
        await task.finish()
        #expect(store.state.paid == [1])
        let timer = try backend.expectTimer("orders_effect_duration", [("effect", "payment")])
        #expect(timer.values.count == 1)
        #expect(timer.values[0] >= 50_000_000)   // nanoseconds: at least the payment's delay
        // Sampled again when the effect ended: nothing in flight.
        #expect(try backend.expectGauge("orders_effects_in_flight").lastValue == 0)
        if Resources.isCounting {
            let observations = try backend.expectGauge("reactive_toolkit_live_resources", [("kind", "observations")])
            #expect((observations.lastValue ?? 0) > 0)   // the store's own observations are alive
        }
        attached.dispose()
        observation.dispose()
    }

    @Test func periodicSamplingStopsWhenCancelled() async throws {
        let backend = TestMetrics()
        let metrics = StoreMetrics<Orders, OrderAction>(factory: backend)
        let sampling = Task { await metrics.sampleGauges(every: .milliseconds(5)) }
        #expect(await eventually {
            ((try? backend.expectGauge("reactive_toolkit_live_resources", [("kind", "stores")]))?.values.count ?? 0) >= 3
        })
        sampling.cancel()
        await sampling.value
    }
}
