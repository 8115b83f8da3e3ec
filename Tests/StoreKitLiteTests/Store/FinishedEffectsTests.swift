import StoreKitLite
import StreamCoreTesting
import Testing
import TestSupport

private enum PayAction: Sendable, Equatable {
    case submit(Int)
    case paid(Int)
}

/// A store whose payment feedback pays each submitted order after `delay` ticks.
private func paymentStore(scheduler: TestScheduler) -> Store<[Int], PayAction> {
    let store = Store(
        initialState: [Int](),
        reducer: Reducer<[Int], PayAction>(mutating: { state, action in
            if case .submit(let id) = action { state.append(id) }
        }))
    store.attach(
        effect: { states in
            states.compactMap(\.last)
                .removeDuplicates()
                .flatMapMerge { id in
                    Signal(just: PayAction.paid(id))
                        .delay(for: .seconds(2), on: scheduler)
                        .trackedAsEffect(named: "payment")
                }
        }, named: "payment")
    return store
}

@Suite struct FinishedEffectsTests {
    @Test func reportsEachEffectThatEndsWithItsNameAndDuration() async throws {
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        let finished = Box<[FinishedEffect]>([])
        let observation = store.observeFinishedEffects { effect in finished.mutate { $0.append(effect) } }
        let task = store.sendTracked(.submit(1))
        _ = try await task.state
        #expect(finished.value.isEmpty)  // still running
        scheduler.advance(by: .seconds(2))
        await task.finish()
        let records = finished.value
        #expect(records.map(\.name) == ["payment"])
        #expect(records.map(\.description) == ["payment (started after submit(1))"])
        #expect(records[0].duration > .zero)
        observation.dispose()
    }

    @Test func reportsCancelledEffectsAndStopsAfterDisposal() async {
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        store.dispatch(.submit(1))  // started before the observer: not reported
        let finished = Box<[String]>([])
        let observation = store.observeFinishedEffects { effect in finished.mutate { $0.append(effect.description) } }
        store.dispatch(.submit(2))
        #expect(store.cancelEffectsInFlight() == ["payment", "payment"])
        #expect(finished.value == ["payment"])
        observation.dispose()
        store.dispatch(.submit(3))
        scheduler.advance(by: .seconds(2))
        await store.effectsSettled()
        #expect(finished.value == ["payment"])
    }

    @Test func theObserverIsCalledOutsideTheStoresLocks() async {
        // Reading the store's effect state from the observer would deadlock if it ran under the
        // effect group's lock.
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        let seen = Box<[[String]]>([])
        let observation = store.observeFinishedEffects { _ in
            seen.mutate { $0.append(store.effectsInFlight) }
        }
        store.dispatch(.submit(1))
        scheduler.advance(by: .seconds(2))
        await store.effectsSettled()
        #expect(seen.value == [[]])
        observation.dispose()
    }
}
