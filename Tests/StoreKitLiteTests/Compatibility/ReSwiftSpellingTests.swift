import Foundation
import StoreKitLite
import StreamCore
import Testing
import TestSupport

private struct Profile: Sendable, Equatable {
    var name = "ann"
    var visits = 0
}

private enum ProfileAction: Sendable, Equatable {
    case initialize
    case rename(String)
    case visit
    case nothing
}

private func profileReducer(_ action: ProfileAction, _ state: Profile?) -> Profile {
    var profile = state ?? Profile(name: "new", visits: 0)
    switch action {
    case .initialize, .nothing: break
    case .rename(let name): profile.name = name
    case .visit: profile.visits += 1
    }
    return profile
}

/// A subscriber object that records what it receives.
private final class Recording<Value: Sendable>: StoreSubscriber {
    let received = Box<[Value]>([])
    func newState(state: Value) { received.mutate { $0.append(state) } }
}

@Suite struct ReSwiftSpellingTests {
    @Test func anEquatableStateSkipsRepeatsForSubscribersButNotForObserveNext() {
        let store = Store(reducer: profileReducer, state: Profile(), initAction: .initialize)
        let subscriber = Recording<Profile>()
        store.subscribe(subscriber)
        let observed = Box(0)
        let observation = store.observeNext { _ in observed.value += 1 }
        store.dispatch(.nothing)
        store.dispatch(.visit)
        #expect(subscriber.received.value.map(\.visits) == [0, 1])  // ReSwift's automaticallySkipsRepeats
        #expect(observed.value == 3)  // ours: every state, repeats included
        let distinct = Box(0)
        let distinctObservation = store.states.removeDuplicates().observeNext { _ in distinct.value += 1 }
        store.dispatch(.nothing)
        #expect(distinct.value == 1)  // the one-line equivalent of ReSwift's default
        observation.dispose()
        distinctObservation.dispose()
    }

    @Test func transformSelectsSkipsAndFiltersWithOnlyWhen() {
        let store = Store(reducer: profileReducer, state: Profile(), initAction: .initialize)
        let names = Recording<String>()
        store.subscribe(names) { $0.select(\.name) }
        let visits = Recording<Int>()
        store.subscribe(visits) { $0.select { $0.visits }.only(when: { old, new in new > old + 1 }) }
        let skipped = Recording<Profile>()
        store.subscribe(skipped) { $0.skip(when: { old, new in old.name == new.name }) }
        store.dispatch(.visit)
        store.dispatch(.rename("bo"))
        store.dispatch(.rename("bo"))
        store.dispatch(.visit)
        #expect(names.received.value == ["ann", "bo"])
        #expect(visits.received.value == [0])  // each step is +1: `only(when:)` lets none through
        #expect(skipped.received.value.map(\.name) == ["ann", "bo"])
    }

    @Test func unsubscribeAndAReleasedSubscriberStopTheirSubscriptions() {
        let store = Store(reducer: profileReducer, state: Profile(), initAction: .initialize)
        let kept = Recording<Profile>()
        store.subscribe(kept)
        var released: Recording<Profile>? = Recording<Profile>()
        weak let weakReleased = released
        store.subscribe(released!)
        #expect(store.subscriberCount == 2)
        released = nil
        #expect(weakReleased == nil)  // the store holds subscribers weakly
        store.dispatch(.visit)
        #expect(store.subscriberCount == 1)
        store.unsubscribe(kept)
        store.dispatch(.visit)
        #expect(kept.received.value.map(\.visits) == [0, 1])
        #expect(store.subscriberCount == 0)
    }

    @Test func aMissingInitialStateIsBuiltByTheReducerFromTheInitAction() {
        let store = Store(reducer: profileReducer, state: nil, initAction: .initialize)
        #expect(store.value == Profile(name: "new", visits: 0))
    }

    @Test func dispatchCallbackReceivesTheStateTheActionProduced() async {
        let store = Store(reducer: profileReducer, state: Profile(), initAction: .initialize)
        let produced: Profile = await withCheckedContinuation { continuation in
            store.dispatch(.rename("cy")) { state in continuation.resume(returning: state) }
        }
        #expect(produced.name == "cy")
    }
}
