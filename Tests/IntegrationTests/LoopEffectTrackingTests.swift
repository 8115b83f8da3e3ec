import FeedbackLoop
import StoreKitLite
import StreamCore
import StreamCoreTesting
import Testing
import TestSupport

private enum CountAction: Sendable, Equatable {
    case start
    case counted(Int)
}

/// A feedback loop started by a store's effect: its per-state effects are counted as effects of
/// the action that started the loop, as any signal the store's effect observes is
/// (`trackedAsEffect`). The loop engine reads the effect scope once per drain rather than once
/// per state (LoopEngine.drain): these tests pin that every state's effect, not only the first,
/// is still counted.
@Suite struct LoopEffectTrackingTests {
    /// A store whose effect runs a loop counting to `target`, one delayed per-state effect
    /// (`Feedback(predicate:effects:)`) per step, and reports the final count.
    private static func store(target: Int, scheduler: TestScheduler) -> Store<Int, CountAction> {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Int, CountAction>(mutating: { state, action in
                switch action {
                case .start: state = -1
                case .counted(let count): state = count
                }
            }))
        store.attach(
            effect: { states in
                states.filter { $0 == -1 }.take(first: 1).flatMapLatest { _ in
                    Signal<Int, Never>.system(
                        initial: 0,
                        reduce: { count, _ in count + 1 },
                        feedbacks: [
                            Feedback(
                                predicate: { $0 < target },
                                effects: { _ in Signal(just: ()).delay(for: .seconds(1), on: scheduler) })
                        ]
                    )
                    .filter { $0 == target }
                    .map { CountAction.counted($0) }
                }
            }, named: "counter")
        return store
    }

    @Test func everyStatesEffectIsInFlightUntilTheLoopIsDone() async {
        let scheduler = TestScheduler()
        let store = Self.store(target: 3, scheduler: scheduler)
        store.dispatch(.start)
        // The initial state's effect, started while the store hands `.start`'s state over.
        #expect(!store.effectsInFlight.isEmpty)
        for step in 1...2 {
            scheduler.advance(by: .seconds(1))
            // State `step`'s effect, started by the loop's drain while the previous effect
            // forwards its event: still counted (it is not if the drain ignores the scope).
            #expect(!store.effectsInFlight.isEmpty, "after step \(step)")
            #expect(store.state == -1)
        }
        scheduler.advance(by: .seconds(1))
        await store.effectsSettled()
        #expect(store.state == 3)
        #expect(store.effectsInFlight.isEmpty)
    }

    @Test func aTrackedActionFinishesOnlyWithTheLoopsLastEffect() async throws {
        let scheduler = TestScheduler()
        let store = Self.store(target: 2, scheduler: scheduler)
        let finished = Box<[String]>([])
        let observation = store.observeFinishedEffects { effect in finished.mutate { $0.append(effect.description) } }
        let task = store.sendTracked(.start)
        _ = try await task.state
        scheduler.advance(by: .seconds(1))
        let afterFirst = finished.value.count
        scheduler.advance(by: .seconds(1))
        await task.finish()
        // Each state's effect is reported once it ends: the second one too.
        #expect(finished.value.count > afterFirst)
        #expect(store.state == 2)
        observation.dispose()
    }
}
