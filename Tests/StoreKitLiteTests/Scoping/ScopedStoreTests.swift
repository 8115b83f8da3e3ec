import TestSupport
import StreamCore
import Testing
import StoreKitLite

private struct ScopeState: Sendable, Equatable {
    var counter = 0
    var title = "t"
}

private enum ScopeAction: Sendable, Equatable {
    case counter(CounterAction)
    case retitle(String)
}

private let appReducer = Reducer<ScopeState, ScopeAction>.combine(
    counterReducer.pullback(state: \.counter) { if case .counter(let action) = $0 { action } else { nil } },
    Reducer { state, action in if case .retitle(let title) = action { state.title = title } }
)

@Suite struct ScopedStoreTests {
    @Test func childStoreReadsObservesAndDispatchesThroughTheParent() {
        let store = Store(initialState: ScopeState(), reducer: appReducer)
        let counter = store.scope(state: \.counter, action: ScopeAction.counter)
        let seen = Box<[Int]>([])
        let subscription = counter.observeNext { seen.append($0) }
        counter.dispatch(.add(5))
        store.dispatch(.retitle("other"))  // no counter change: skipped (Equatable)
        store.dispatch(.counter(.increment))
        #expect(counter.state == 6)
        #expect(counter.value == 6)
        #expect(seen.value == [0, 5, 6])
        subscription.dispose()
    }

    @Test func childStoresNest() {
        let store = Store(initialState: ScopeState(), reducer: appReducer)
        let counter = store.scope(state: \.counter, action: ScopeAction.counter)
        let wrapped: ScopedStore<Int.Wrapper, CounterAction> = counter.scope(state: \.wrapper, action: { $0 })
        wrapped.dispatch(.increment)
        #expect(wrapped.state.value == 1)
        let seen = Box<[Int]>([])
        let subscription = wrapped.observeNext { seen.append($0.value) }
        #expect(seen.value == [1])
        subscription.dispose()
    }

    @Test func nonEquatableSubstateIsDeliveredOnEveryParentChange() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let child: ScopedStore<Int.Opaque, CounterAction> = store.scope(state: \.opaque, action: { $0 })
        let seen = Box<[Int]>([])
        let subscription = child.observeNext { seen.append($0.count) }
        child.dispatch(.increment)
        #expect(seen.value == [0, 1])
        subscription.dispose()
    }
}

private extension Int {
    var wrapper: Wrapper { Wrapper(value: self) }
    var opaque: Opaque { Opaque(count: self) }
    struct Wrapper: Sendable { var value: Int }
    struct Opaque: Sendable { var count: Int }
}
