import Testing
import StoreKitLite

@Suite struct SubstateTests {
    @Test func rxStateNameIsTheSameProtocol() {
        let states: [any SubstateType] = [TasksState(), SettingsState()]
        let registered = Substates(states)
        #expect(registered.count == 2)
        #expect(registered[SettingsState.self] == SettingsState())
    }
}
