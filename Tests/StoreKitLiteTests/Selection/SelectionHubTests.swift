import TestSupport
import StreamCore
import Testing
@testable import StoreKitLite

@Suite struct SelectionHubTests {
    @Test func subscribersOfOneKeyPathShareOneNodeWhichLeavesWithTheLast() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let a = store.select(\.self).observeNext { _ in }
        let b = store.select(\.self).observeNext { _ in }
        #expect(store.selections.count == 1)
        a.dispose()
        #expect(store.selections.count == 1)
        b.dispose()
        #expect(store.selections.count == 0)
        let seen = Box<[Int]>([])
        let c = store.select(\.self).observeNext { seen.append($0) }
        store.dispatch(.increment)
        #expect(seen.value == [0, 1])
        c.dispose()
    }

    @Test func subscribingFromManyThreadsIsSafe() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let total = Box(0)
        runConcurrently(threads: 8) { _ in
            for _ in 0..<200 {
                let subscription = store.select(\.self).observeNext { _ in total.mutate { $0 += 1 } }
                store.dispatch(.increment)
                subscription.dispose()
            }
        }
        await store.drained()  // a holder hands other threads' actions to a background drain
        #expect(store.state == 1_600)
        #expect(store.selections.count == 0)
        _ = total.value  // a subscriber disposed while another thread delivers may get nothing;
        // a subscriber after the race gets the final value.
        let last = Box<[Int]>([])
        let subscription = store.select(\.self).observeNext { last.append($0) }
        #expect(last.value == [1_600])
        subscription.dispose()
    }

    @Test func subscribersOfOneIdentifiedSelectorShareOneNodeWithACounter() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let key = SelectionKey.identified(AnyHashable("parity"), selected: ObjectIdentifier(Bool.self))
        let subscriptions = (0..<1_000).map { _ in
            store.select(id: "parity") { $0 % 2 == 0 }.observeNext { _ in }
        }
        // Subscribing is a dictionary lookup, a counter increment and one registration on the
        // node's subject: one node, however many subscribers.
        #expect(store.selections.count == 1)
        #expect(store.selections.subscriberCount(key) == 1_000)
        // The same identifier with another value type is another selection.
        let other = store.select(id: "parity") { $0 % 2 }.observeNext { _ in }
        #expect(store.selections.count == 2)
        other.dispose()
        #expect(store.selections.count == 1)
        for subscription in subscriptions.prefix(500) { subscription.dispose() }
        #expect(store.selections.subscriberCount(key) == 500)
        #expect(store.selections.count == 1)
        for subscription in subscriptions.suffix(500) { subscription.dispose() }
        #expect(store.selections.subscriberCount(key) == 0)
        #expect(store.selections.count == 0)
    }
}
