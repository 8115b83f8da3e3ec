import Testing
import StoreKitLite

@Suite struct StoreActionTests {
    @Test func describesItselfForLogs() {
        #expect(StoreAction.add(states: [TasksState(), SettingsState()]).description == "add(states: [TasksState, SettingsState])")
        #expect(StoreAction.reset.description == "reset")
    }

    @Test func storeActionReducerAddsAndResets() {
        let store = Store(initialState: Substates(), reducer: .storeActions)
        store.dispatch(.add(states: [TasksState()]))
        #expect(store.state.contains(TasksState.self))
        store.dispatch(.reset)
        #expect(store.state.count == 0)
    }
}
