import TestSupport
import StreamCore
import Testing
import StoreKitLite

private struct Profile: Sendable, Equatable {
    var name = "Jim"
    var visits = 0
}

private enum ProfileAction: Sendable { case rename(String), visit }

private let profileReducer = Reducer<Profile, ProfileAction> { state, action in
    switch action {
    case .rename(let name): state.name = name
    case .visit: state.visits += 1
    }
}

@Suite struct StoreSelectTests {
    @Test func keyPathSelectionEmitsOnlyDistinctValues() {
        let store = Store(initialState: Profile(), reducer: profileReducer)
        let names = Box<[String]>([])
        let subscription = store.select(\.name).observeNext { names.append($0) }
        store.dispatch(.visit)
        store.dispatch(.rename("Kirk"))
        store.dispatch(.visit)
        store.dispatch(.rename("Kirk"))
        #expect(names.value == ["Jim", "Kirk"])
        subscription.dispose()
    }

    @Test func closureSelectionEmitsOnlyDistinctValues() {
        let store = Store(initialState: Profile(), reducer: profileReducer)
        let parities = Box<[Bool]>([])
        let subscription = store.select { $0.visits % 2 == 0 }.observeNext { parities.append($0) }
        for _ in 0..<3 { store.dispatch(.visit) }
        #expect(parities.value == [true, false, true, false])
        subscription.dispose()
    }

    @Test func lateSubscriberOfASharedSelectionGetsTheCurrentValue() {
        let store = Store(initialState: Profile(), reducer: profileReducer)
        let first = Box<[String]>([])
        let second = Box<[String]>([])
        let a = store.select(\.name).observeNext { first.append($0) }
        store.dispatch(.rename("Kirk"))
        let b = store.select(\.name).observeNext { second.append($0) }
        store.dispatch(.rename("Spock"))
        #expect(first.value == ["Jim", "Kirk", "Spock"])
        #expect(second.value == ["Kirk", "Spock"])
        a.dispose()
        b.dispose()
    }

    @Test func thousandsOfSubscribersOfAnUnchangedSelectionAreNotCalled() {
        let store = Store(initialState: Profile(), reducer: profileReducer)
        let calls = Box(0)
        let subscriptions = (0..<5_000).map { _ in
            store.select(\.name).observeNext { _ in calls.mutate { $0 += 1 } }
        }
        #expect(calls.value == 5_000)  // each got the current value
        for _ in 0..<100 { store.dispatch(.visit) }
        #expect(calls.value == 5_000)  // no name change, nobody called
        store.dispatch(.rename("Kirk"))
        #expect(calls.value == 10_000)
        for subscription in subscriptions.reversed() { subscription.dispose() }
        store.dispatch(.rename("Spock"))
        #expect(calls.value == 10_000)
    }

    @Test func identifiedClosureSelectorIsEvaluatedOncePerStateChangeForAThousandSubscribers() {
        let store = Store(initialState: Profile(), reducer: profileReducer)
        let evaluations = Box(0)
        let calls = Box(0)
        let subscriptions = (0..<1_000).map { _ in
            store.select(id: "visits are even") { (profile: Profile) -> Bool in
                evaluations.mutate { $0 += 1 }
                return profile.visits % 2 == 0
            }.observeNext { _ in calls.mutate { $0 += 1 } }
        }
        // The first subscription started the shared node on the current state; the others
        // received its replayed value without evaluating anything.
        #expect(evaluations.value == 1)
        #expect(calls.value == 1_000)
        for change in 1...10 {
            store.dispatch(.visit)
            #expect(evaluations.value == 1 + change)  // one evaluation per state change
        }
        #expect(calls.value == 1_000 * 11)
        store.dispatch(.rename("Kirk"))  // evaluated once; the value did not change: nobody called
        #expect(evaluations.value == 12)
        #expect(calls.value == 1_000 * 11)
        for subscription in subscriptions { subscription.dispose() }
        store.dispatch(.visit)
        #expect(evaluations.value == 12)  // the node left with its last subscriber
    }

    @Test func identifiedSelectorsWithDifferentIdentifiersAreSeparate() {
        let store = Store(initialState: Profile(), reducer: profileReducer)
        let names = Box<[String]>([])
        let visits = Box<[Int]>([])
        let a = store.select(id: 1) { $0.name }.observeNext { names.append($0) }
        let b = store.select(id: 2) { $0.visits }.observeNext { visits.append($0) }
        store.dispatch(.visit)
        store.dispatch(.rename("Kirk"))
        #expect(names.value == ["Jim", "Kirk"])
        #expect(visits.value == [0, 1])
        a.dispose()
        b.dispose()
    }
}
