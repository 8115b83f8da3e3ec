import StoreKitLite
import StreamCore
import Testing

/// ReSwift users' one-liners, as they write them (see `ReactiveKitIdiomTests` for the
/// type-checking budget this target is built with).
@Suite struct ReSwiftIdiomTests {
    enum CounterAction: ReSwiftInitAction, Equatable {
        case reSwiftInit(ReSwiftInit)
        case increase
        case decrease
    }

    static func counterReducer(action: CounterAction, state: Int?) -> Int {
        let count = state ?? 0
        switch action {
        case .reSwiftInit: return count
        case .increase: return count + 1
        case .decrease: return count - 1
        }
    }

    @Test func dispatchALeadingDotAction() {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Int, CounterAction> { count, action in
                action == .increase ? count + 1 : count - 1
            }
        )
        store.dispatch(.increase)
        store.dispatch(.increase)
        store.dispatch(.decrease)
        #expect(store.state == 1)
    }

    @Test func storeFromAReducerFunctionWithoutAState() {
        let store = Store(reducer: Self.counterReducer, state: nil)
        let skipping = Store(reducer: Self.counterReducer, state: 5, middleware: [], automaticallySkipsRepeats: false)
        store.dispatch(.increase)
        store.dispatch { state, _ in state > 0 ? .increase : nil }
        #expect(store.state == 2)
        #expect(skipping.state == 5)
    }
}
