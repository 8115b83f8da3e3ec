import FeedbackLoop
import IntegrationsTestSupport
import Logging
import ReactiveToolkitServiceLifecycle
import ServiceLifecycle
import ServiceLifecycleTestKit
import StoreKitLite
import Testing

@Suite struct StoreServiceTests {
    @Test func gracefulShutdownLetsTheEffectInFlightFinishAndRefusesNewActions() async throws {
        let store = Store(initialState: Orders(), reducer: ordersReducer)
        let reports = Locked<[StoreShutdownReport]>([])
        let service = StoreService(
            store: store,
            feedbacks: [paymentFeedback(delay: .milliseconds(300))],
            shutdownDeadline: .seconds(30),
            onShutdown: { report in reports.mutate { $0.append(report) } }
        )
        let group = ServiceGroup(services: [service], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let running = Task { try await group.run() }
        // The feedbacks attach when the service starts.
        #expect(await eventually { store.runningEffectCount == 1 })
        try await store.send(.submit(1))
        #expect(store.effectsInFlight == ["payment"])
        await group.triggerGracefulShutdown()
        #expect(await eventually { !store.isAcceptingActions })
        await #expect(throws: StoreError.storeClosed) { try await store.send(.submit(2)) }
        try await running.value
        #expect(reports.value.count == 1)
        #expect(reports.value.first?.cancelledEffects == [])
        #expect(store.state.paid == [1])  // the payment's action was accepted after close()
        #expect(store.effectsInFlight.isEmpty)
    }

    @Test func effectsStillRunningAtTheDeadlineAreCancelledAndReported() async throws {
        let store = Store(initialState: Orders(), reducer: ordersReducer)
        let reports = Locked<[StoreShutdownReport]>([])
        let logged = Locked<[LogEvent]>([])
        let attached = Locked(false)
        let service = StoreService(
            store: store,
            feedbacks: [paymentFeedback(delay: .seconds(60), sawAState: attached)],
            shutdownDeadline: .milliseconds(200),
            logger: Logger(label: "test") { _ in CapturingLogHandler(events: logged, logLevel: .info) },
            onShutdown: { report in reports.mutate { $0.append(report) } }
        )
        let start = ContinuousClock.now
        try await testGracefulShutdown { trigger in
            let running = Task { try await service.run() }
            #expect(await eventually { attached.value })  // the feedback is attached and saw the state
            let tracked = store.sendTracked(.submit(1))
            _ = try await tracked.state
            #expect(tracked.runningEffects == ["payment (started after submit(1))"])
            trigger.triggerGracefulShutdown()
            try await running.value
            #expect(tracked.isFinished)
        }
        #expect(ContinuousClock.now - start < .seconds(30))
        let report = try #require(reports.value.first)
        #expect(report.cancelledEffects == ["payment (started after submit(1))"])
        #expect(!report.finishedInTime)
        #expect(report.waited >= .milliseconds(200))
        #expect(store.state.paid == [])
        #expect(store.effectsInFlight.isEmpty)
        #expect(logged.value.map(\.level) == [.notice])
        #expect(logged.value.first?.metadata?["cancelled"] == .array([.string("payment (started after submit(1))")]))
    }

    @Test func cancellingTheServiceCancelsEffectsAtOnce() async throws {
        let store = Store(initialState: Orders(), reducer: ordersReducer)
        let reports = Locked<[StoreShutdownReport]>([])
        let service = StoreService(
            store: store,
            feedbacks: [paymentFeedback(delay: .seconds(60))],
            shutdownDeadline: .seconds(60),
            onShutdown: { report in reports.mutate { $0.append(report) } }
        )
        let start = ContinuousClock.now
        let running = Task { try await service.run() }
        #expect(await eventually { store.runningEffectCount == 1 })
        try await store.send(.submit(1))
        #expect(store.effectsInFlight == ["payment"])
        running.cancel()
        try await running.value
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(reports.value.first?.cancelledEffects == ["payment"])
        #expect(!store.isAcceptingActions)
    }

    @Test func closingRunsAfterTheStoreClosedAndEndsTheSendsWaitingForTheJournal() async throws {
        // A stand-in for a journal whose database is away: it holds `.submit(7)` until closed.
        let parked = Locked<[HeldAction<Orders, OrderAction>]>([])
        let journal = Middleware<Orders, OrderAction>(holding: { action, _, holder in
            guard case .submit(7) = action else { return action }
            parked.mutate { $0.append(holder.hold(action)) }
            return nil
        })
        let store = Store(initialState: Orders(), reducer: ordersReducer, middleware: [journal])
        let closings = Locked<[String]>([])
        let service = StoreService(
            store: store,
            shutdownDeadline: .milliseconds(200),
            closing: {
                closings.mutate { $0.append(store.isAcceptingActions ? "while accepting" : "after the store closed") }
                let held = parked.mutate { parked in
                    defer { parked = [] }; return parked
                }
                for action in held { action.failSender(.deadlineExceeded(mayHaveRun: true)) }
            }
        )
        try await testGracefulShutdown { trigger in
            let running = Task { try await service.run() }
            let waiting = Task { () -> StoreError? in
                do throws(StoreError) {
                    try await store.send(.submit(7))
                    return nil
                } catch {
                    return error
                }
            }
            #expect(await eventually { parked.value.count == 1 })
            trigger.triggerGracefulShutdown()
            try await running.value
            #expect(await waiting.value == .deadlineExceeded(mayHaveRun: true))
        }
        #expect(closings.value == ["after the store closed"])
        #expect(store.state.submitted == [])
    }
}
