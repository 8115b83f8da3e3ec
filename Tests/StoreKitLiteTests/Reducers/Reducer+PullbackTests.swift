import TestSupport
import Testing
import StoreKitLite

private struct PullbackState: Sendable, Equatable {
    var counter = 0
    var other = 0
    var detail: Int?
}

private enum PullbackAction: Sendable, Equatable {
    case counter(CounterAction)
    case detail(CounterAction)
    case unrelated
}

@Suite struct ReducerPullbackTests {
    @Test func scopesAChildReducerToASubstateAndAnEnumCase() {
        let app: Reducer<PullbackState, PullbackAction> = counterReducer.pullback(state: \.counter) {
            if case .counter(let action) = $0 { action } else { nil }
        }
        let store = Store(initialState: PullbackState(), reducer: app)
        store.dispatch(.counter(.add(3)))
        store.dispatch(.unrelated)
        #expect(store.state == PullbackState(counter: 3, other: 0))
    }

    @Test func scopesByKeyPathSharingTheActionType() {
        let app: Reducer<PullbackState, CounterAction> = .combine(
            counterReducer.pullback(state: \.counter),
            counterReducer.pullback(state: \.other)
        )
        var state = PullbackState()
        try? app(&state, .increment)
        #expect(state == PullbackState(counter: 1, other: 1))
    }

    @Test func optionalSubstateThatIsMissingYieldsATypedError() {
        let app: Reducer<PullbackState, PullbackAction> = counterReducer.pullback(optional: \.detail) {
            if case .detail(let action) = $0 { action } else { nil }
        }
        let store = Store(initialState: PullbackState(), reducer: app)
        let errors = Box<[StoreError]>([])
        let subscription = store.updates.compactMap(\.error).observeNext { errors.append($0) }
        store.dispatch(.detail(.increment))
        #expect(errors.value == [.substateNotRegistered("Int")])
        #expect(store.state.detail == nil)

        let present = Store(initialState: PullbackState(detail: 1), reducer: app)
        present.dispatch(.detail(.increment))
        #expect(present.state.detail == 2)
        subscription.dispose()
    }
}
