import FeedbackLoop
import IntegrationsTestSupport
import ReactiveToolkitServiceLifecycle
import ServiceLifecycleTestKit
import StoreKitLite
import Testing

/// A lease the test wins and loses by hand.
final class ManualLease: EffectsLease {
    private let leads = Locked<[@Sendable () -> @Sendable () -> Void]>([])
    private let stops = Locked<[@Sendable () -> Void]>([])

    func whileLeading(_ lead: @escaping @Sendable () -> @Sendable () -> Void) -> any EffectsLeaseRegistration {
        leads.mutate { $0.append(lead) }
        return ManualRegistration(lease: self)
    }

    func win() {
        for lead in leads.value { let stop = lead(); stops.mutate { $0.append(stop) } }
    }

    func lose() {
        for stop in stops.mutate({ stops in defer { stops = [] }; return stops }) { stop() }
    }

    func takeStop() -> (@Sendable () -> Void)? {
        let taken = stops.mutate { stops in defer { stops = [] }; return stops }
        if taken.isEmpty { return nil }
        return { @Sendable in for stop in taken { stop() } }
    }
}

struct ManualRegistration: EffectsLeaseRegistration {
    let lease: ManualLease
    func end() -> (@Sendable () -> Void)? { lease.takeStop() }
}

@Suite struct StoreServiceLeaseTests {
    @Test func feedbacksRunOnlyWhileTheLeaseIsHeld() async throws {
        let store = Store(initialState: Orders(), reducer: ordersReducer)
        let lease = ManualLease()
        let service = StoreService(
            store: store, feedbacks: [paymentFeedback(delay: .milliseconds(1))], shutdownDeadline: .seconds(5),
            lease: lease)
        try await testGracefulShutdown { trigger in
            let running = Task { try await service.run() }
            try await Task.sleep(for: .milliseconds(50))
            #expect(store.runningEffectCount == 0)  // not the leader: nothing attached
            try await store.send(.submit(1))
            lease.win()
            #expect(await eventually { store.state.paid == [1] })  // the leader reacts to the current state
            lease.lose()
            #expect(store.runningEffectCount == 0)
            try await store.send(.submit(2))
            try await Task.sleep(for: .milliseconds(50))
            #expect(store.state.paid == [1])  // no longer the leader
            lease.win()
            #expect(await eventually { store.state.paid == [1, 2] })
            trigger.triggerGracefulShutdown()
            try await running.value
        }
        #expect(store.runningEffectCount == 0)  // detached at the end of the shutdown
    }
}
