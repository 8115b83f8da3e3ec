import StoreKitLite
import TestSupport
import Testing

@MainActor @Suite struct ObservableStoreBindingTests {
    @Test func bindingsReadTheFieldAndSendTheRightAction() async throws {
        let sent = Box<[BoardAction]>([])
        let recorder = Middleware<Board, BoardAction> { action, _ in
            sent.append(action)
            return action
        }
        let store = ObservableStore(store: Store(initialState: Board(), reducer: boardReducer, middleware: [recorder]))
        let title = store.binding(for: \.title, send: { .rename($0) })
        let bump = store.binding(for: \.count, send: .increment)
        #expect(title.wrappedValue == "Board")
        title.wrappedValue = "Plans"
        bump.wrappedValue = 99  // a constant action ignores the value
        #expect(sent.value == [.rename("Plans"), .increment])
        #expect(await waitUntil { title.wrappedValue == "Plans" && bump.wrappedValue == 1 })
    }

    @Test func aBindingReadIsTrackedLikeTheField() async throws {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let title = store.binding(for: \.title, send: { .rename($0) })
        let reader = Reader { _ = title.wrappedValue }
        try await store.send(.increment)
        #expect(reader.invalidations.value == 0)
        title.set("Next")
        #expect(await waitUntil { reader.invalidations.value == 1 })
    }

    @Test func aScopedBindingSendsTheWrappedAction() async throws {
        let sent = Box<[BoardAction]>([])
        let recorder = Middleware<Board, BoardAction> { action, _ in
            sent.append(action)
            return action
        }
        let store = ObservableStore(store: Store(initialState: board(rows: 2), reducer: boardReducer, middleware: [recorder]))
        let row = store.scope(forEach: \.rows, action: BoardAction.row)[1]
        row.binding(for: \.title, send: { .rename($0) }).wrappedValue = "second"
        row.binding(for: \.isDone, send: .toggle).wrappedValue = true
        #expect(sent.value == [.row(1, .rename("second")), .row(1, .toggle)])
        #expect(await waitUntil { row.state.title == "second" && row.state.isDone })
    }
}

/// Lets main-actor work (the host's state updates) run until `condition` holds; gives up after
/// a bounded number of turns.
@MainActor
func waitUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<200_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
