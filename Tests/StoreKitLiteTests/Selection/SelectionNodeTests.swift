import TestSupport
import StreamCore
import Testing
@testable import StoreKitLite

@Suite struct SelectionNodeTests {
    @Test func sendsOnlyChangesAndReplaysTheLast() {
        let node = SelectionNode<Int>()
        let seen = Box<[Int]>([])
        let a = node.core.observe { event in if case .next(let value) = event { seen.append(value) } }
        for value in [1, 1, 2, 2, 3] { node.receive(value) }
        #expect(seen.value == [1, 2, 3])
        let late = Box<[Int]>([])
        let b = node.core.observe { event in if case .next(let value) = event { late.append(value) } }
        #expect(late.value == [3])
        node.stop()
        a.dispose()
        b.dispose()
    }

    @Test func selectionSubscribersCompleteWhenTheStoreGoesAway() {
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer)
        let completed = Box(false)
        let selection = store!.select(\.self)
        let subscription = selection.observe { event in
            if case .completed = event { completed.mutate { $0 = true } }
        }
        store = nil
        #expect(completed.value)
        let late = Box(false)
        _ = selection.observe { event in
            if case .completed = event { late.mutate { $0 = true } }
        }
        #expect(late.value)
        subscription.dispose()
    }
}
