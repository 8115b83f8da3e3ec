import Dispatch
import StoreKitLite
import StreamCoreTesting
import Testing
import TestSupport

/// An order that a payment effect settles after a delay, then a receipt effect confirms.
private struct Checkout: Sendable, Equatable {
    var submitted: [Int] = []
    var paid: [Int] = []
    var receipts: [Int] = []
}

private enum CheckoutAction: Sendable, Equatable {
    case submit(Int)
    case paid(Int)
    case receipted(Int)
    case other
}

private let checkoutReducer = Reducer<Checkout, CheckoutAction>(mutating: { state, action in
    switch action {
    case .submit(let id): state.submitted.append(id)
    case .paid(let id): state.paid.append(id)
    case .receipted(let id): state.receipts.append(id)
    case .other: break
    }
})

/// A store with two tracked effects: each submitted order is paid after `paymentDelay` ticks,
/// each paid order gets a receipt after one more tick.
private func checkoutStore(scheduler: TestScheduler, paymentDelay: Int = 3) -> Store<Checkout, CheckoutAction> {
    let store = Store(initialState: Checkout(), reducer: checkoutReducer)
    store.attach(
        effect: { states in
            // Each newly submitted order starts one payment.
            states.compactMap(\.submitted.last)
                .removeDuplicates()
                .flatMapMerge { id in
                    Signal(just: CheckoutAction.paid(id))
                        .delay(for: .seconds(paymentDelay), on: scheduler)
                        .trackedAsEffect(named: "payment \(id)")
                }
        }, named: "payment")
    store.attach(
        effect: { states in
            // Each newly paid order gets a receipt (named after the attached effect).
            states.compactMap(\.paid.last)
                .removeDuplicates()
                .flatMapMerge { id in
                    Signal(just: CheckoutAction.receipted(id))
                        .delay(for: .seconds(1), on: scheduler)
                        .trackedAsEffect()
                }
        }, named: "receipt")
    return store
}

@Suite struct StoreTaskTests {
    @Test func finishWaitsForTheEffectsTheActionStartedAndThoseTheirActionsStarted() async throws {
        let scheduler = TestScheduler()
        let store = checkoutStore(scheduler: scheduler)
        let task = store.sendTracked(.submit(1))
        #expect(try await task.state.submitted == [1])
        #expect(!task.isFinished)
        #expect(task.runningEffects == ["payment 1 (started after submit(1))"])

        let finished = Box(false)
        let waiter = Task {
            await task.finish()
            finished.value = true
        }
        scheduler.advance(by: .seconds(3))  // paid: the receipt effect starts, in the same group
        #expect(store.state.paid == [1])
        #expect(task.runningEffects == ["receipt (started after submit(1))"])
        #expect(!finished.value)
        scheduler.advance(by: .seconds(1))  // receipted
        await waiter.value
        #expect(finished.value)
        #expect(task.isFinished)
        #expect(store.state.receipts == [1])
    }

    @Test func anotherActionsEffectsAreNotAwaited() async throws {
        let scheduler = TestScheduler()
        let store = checkoutStore(scheduler: scheduler, paymentDelay: 10)
        store.dispatch(.submit(1))  // its payment runs in the root group, not in the task's
        let task = store.sendTracked(.other)
        await task.finish()
        #expect(task.isFinished)
        #expect(store.effectsInFlight == ["payment 1"])
    }

    @Test func cancelStopsTheActionsEffectsAndReportsThem() async throws {
        let scheduler = TestScheduler()
        let store = checkoutStore(scheduler: scheduler)
        let task = store.sendTracked(.submit(7))
        _ = try await task.state
        #expect(task.cancel() == ["payment 7 (started after submit(7))"])
        await task.finish()
        scheduler.advance(by: .seconds(10))
        #expect(store.state.paid == [])
        #expect(store.effectsInFlight.isEmpty)
    }

    @Test func aRefusedTrackedActionFinishesAtOnceWithItsError() async {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Int, CounterAction> { _, _ throws(StoreError) in
                throw .rejected("no")
            })
        let task = store.sendTracked(.increment)
        await #expect(throws: StoreError.rejected("no")) { try await task.state }
        await task.finish()
        #expect(task.isFinished)
    }

    @Test func aTrackedSendAfterCloseFailsWithStoreClosed() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        store.close()
        let task = store.sendTracked(.increment)
        await #expect(throws: StoreError.storeClosed) { try await task.state }
        #expect(task.isFinished)
    }

    @Test func cancellingTheTaskThatAwaitsFinishCancelsTheActionsEffects() async throws {
        let scheduler = TestScheduler()
        let store = checkoutStore(scheduler: scheduler)
        let task = store.sendTracked(.submit(1))
        _ = try await task.state
        #expect(task.runningEffects == ["payment 1 (started after submit(1))"])
        let waiter = Task { await task.finish() }
        waiter.cancel()
        await waiter.value  // returns although the payment was still in flight, and cancels it
        #expect(task.isFinished)
        #expect(task.runningEffects == [])
        scheduler.advance(by: .seconds(10))
        #expect(store.state.paid == [])  // the cancelled payment sent nothing
        let other = store.sendTracked(.submit(2))  // other actions' effects still run
        _ = try await other.state
        scheduler.advance(by: .seconds(4))
        await other.finish()
        #expect(store.state.paid == [2])
    }
}

@Suite struct StoreLifecycleTests {
    @Test func closingLetsInFlightEffectsFinishAndTheirActionsIn() async {
        let scheduler = TestScheduler()
        let store = checkoutStore(scheduler: scheduler)
        store.dispatch(.submit(1))
        store.close()
        store.dispatch(.submit(2))  // refused: closed
        #expect(store.effectsInFlight == ["payment 1"])
        let settled = Task { await store.effectsSettled() }
        scheduler.advance(by: .seconds(4))  // paid (accepted: an effect sent it), then receipted
        await settled.value
        #expect(store.state == Checkout(submitted: [1], paid: [1], receipts: [1]))
    }

    @Test func cancellingEffectsInFlightReportsWhatWasCancelled() async {
        let scheduler = TestScheduler()
        let store = checkoutStore(scheduler: scheduler)
        store.dispatch(.submit(1))
        store.dispatch(.submit(2))
        store.close()
        let cancelled = store.cancelEffectsInFlight()
        #expect(cancelled == ["payment 1", "payment 2"])
        await store.effectsSettled()
        scheduler.advance(by: .seconds(10))
        #expect(store.state.paid == [])
    }

    @Test func effectsRunWithRunAreInFlightUntilTheyComplete() async {
        let scheduler = TestScheduler()
        let store = Store(initialState: 0, reducer: counterReducer)
        store.run(Signal(just: CounterAction.increment).delay(for: .seconds(1), on: scheduler), id: "tick")
        #expect(store.effectsInFlight == ["effect tick"])
        scheduler.advance(by: .seconds(1))
        await store.effectsSettled()
        #expect(store.state == 1)
    }
}
