import StoreKitLite
import StreamCore
import Testing

/// ReSwift users' one-liners, as they write them (see `ReactiveKitIdiomTests` for the
/// type-checking budget this target is built with).
@Suite struct ReSwiftIdiomTests {
    enum CounterAction: Sendable { case increase, decrease }

    @Test func dispatchALeadingDotAction() {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Int, CounterAction> { count, action in
                action == .increase ? count + 1 : count - 1
            })
        store.dispatch(.increase)
        store.dispatch(.increase)
        store.dispatch(.decrease)
        #expect(store.state == 1)
    }
}
