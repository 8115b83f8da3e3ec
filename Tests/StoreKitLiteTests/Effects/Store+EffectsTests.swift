import TestSupport
import StreamCore
import Testing
import StoreKitLite

/// The shape of FeedbackLoop's `Feedback` (StoreKitLite does not import FeedbackLoop): a
/// struct whose stored `effects` is a function from the states to the events they cause.
private struct Feedback<State: Sendable, Event: Sendable>: Sendable {
    let effects: @Sendable (Signal<State, Never>) -> Signal<Event, Never>

    init(predicate: @escaping @Sendable (State) -> Bool, effects: @escaping @Sendable (State) -> Signal<Event, Never>) {
        self.effects = { states in
            // A minimal flatMap (merge) for this test: every matching state starts its effect.
            Signal { observer in
                states.filter(predicate).observeNext { state in
                    _ = effects(state).observeNext { observer.receive($0) }
                }
            }
        }
    }
}

private enum EffectID: Hashable, Sendable { case search }

/// A service composing a store with a feedback: an odd count is evened out a second later.
private final class CounterService: Sendable {
    let store = Store(initialState: 0, reducer: counterReducer)

    init(scheduler: VirtualTimeScheduler) {
        let evenOut = Feedback<Int, CounterAction>(predicate: { $0 % 2 == 1 }) { _ in
            Signal { observer in
                scheduler.schedule(after: .seconds(1)) { observer.receive(lastElement: .increment) }
            }
        }
        store.attach(effect: evenOut.effects)
    }

    var count: Signal<Int, Never> { store.select(\.self) }

    func tap() { store.dispatch(.increment) }
}

@Suite struct StoreEffectsTests {
    @Test func aFeedbackAttachesInOneLine() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let countUpToFive = Feedback<Int, CounterAction>(predicate: { $0 < 5 }, effects: { _ in .just(.increment) })
        store.attach(effect: countUpToFive.effects)
        #expect(store.state == 5)
    }

    @Test func attachAcceptsAStoredSendableFunctionValue() {
        // What `store.attach(effect: feedback.effects)` relies on: a stored
        // `@Sendable (Signal<State, Never>) -> Signal<Action, Never>` passes as is, no wrapping.
        let effects: @Sendable (Signal<Int, Never>) -> Signal<CounterAction, Never> = { states in
            states.compactMap { $0 < 2 ? .increment : nil }
        }
        let store = Store(initialState: 0, reducer: counterReducer)
        let effect = store.attach(effect: effects)
        #expect(store.state == 2)
        #expect(store.runningEffectCount == 1)
        effect.dispose()
        #expect(store.runningEffectCount == 0)
    }

    @Test func aServiceComposesTheStoreWithFeedbacks() {
        let scheduler = VirtualTimeScheduler()
        let service = CounterService(scheduler: scheduler)
        let counts = Box<[Int]>([])
        let subscription = service.count.observeNext { counts.append($0) }
        service.tap()
        #expect(counts.value == [0, 1])
        scheduler.advance(by: .seconds(1))
        #expect(counts.value == [0, 1, 2])
        subscription.dispose()
    }

    @Test func effectIsStoppedByItsDisposable() {
        let scheduler = VirtualTimeScheduler()
        let store = Store(initialState: 0, reducer: counterReducer)
        let ticks = Signal<CounterAction, Never> { observer in
            scheduler.schedule(after: .seconds(1), every: .seconds(1)) { observer.receive(.increment) }
        }
        let effect = store.run(ticks)
        scheduler.advance(by: .seconds(3))
        #expect(store.state == 3)
        effect.dispose()
        scheduler.advance(by: .seconds(3))
        #expect(store.state == 3)
        #expect(store.runningEffectCount == 0)
    }

    @Test func cancelsInFlightEffectsByIdentifierAndAll() {
        let scheduler = VirtualTimeScheduler()
        let store = Store(initialState: 0, reducer: counterReducer)
        func later(_ action: CounterAction) -> Signal<CounterAction, Never> {
            Signal { observer in
                scheduler.schedule(after: .seconds(1)) { observer.receive(lastElement: action) }
            }
        }
        store.run(later(.add(1)), id: EffectID.search)
        store.run(later(.add(10)), id: EffectID.search, cancelInFlight: true)  // cancels the first
        store.run(later(.add(100)), id: "other")
        #expect(store.runningEffectCount(id: EffectID.search) == 1)
        store.cancel(id: "other")
        scheduler.advance(by: .seconds(1))
        #expect(store.state == 10)
        #expect(store.runningEffectCount == 0)

        store.run(later(.add(1_000)))
        store.run(later(.add(1_000)), id: EffectID.search)
        store.cancelAllEffects()
        scheduler.advance(by: .seconds(1))
        #expect(store.state == 10)
    }

    @Test func effectsDoNotKeepTheStoreAlive() {
        let scheduler = VirtualTimeScheduler()
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer)
        let weakStore = WeakRef(store!)
        store!.run(
            Signal { observer in
                scheduler.schedule(after: .seconds(1), every: .seconds(1)) { observer.receive(.increment) }
            })
        store = nil
        #expect(weakStore.object == nil)
        scheduler.advance(by: .seconds(2))  // the effect was cancelled with the store
        #expect(scheduler.pendingCount == 0)
    }
}
