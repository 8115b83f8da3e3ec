import Testing
import StoreKitLite

@Suite struct SubstatesTests {
    @Test func readsSubstatesByType() {
        var state = Substates([TasksState()])
        #expect(state[TasksState.self] == TasksState())
        #expect(state[SettingsState.self] == nil)
        #expect(state.contains(TasksState.self))
        state.add([SettingsState(darkMode: true), TasksState(addingTask: true)])
        #expect(state.count == 2)
        #expect(state[TasksState.self]?.addingTask == true)
        #expect(state.all.map { "\(type(of: $0))" } == ["TasksState", "SettingsState"])
    }

    @Test func updatesInPlaceAndThrowsForUnregisteredTypes() throws {
        var state = Substates([TasksState()])
        try state.update(TasksState.self) { $0.tasks.append(TaskItem(title: "a")) }
        #expect(state[TasksState.self]?.tasks == [TaskItem(title: "a")])
        #expect(throws: StoreError.substateNotRegistered("SettingsState")) {
            try state.update(SettingsState.self) { $0.darkMode = true }
        }
    }

    @Test func failedUpdateLeavesTheSubstateUnchanged() {
        var state = Substates([TasksState()])
        #expect(throws: StoreError.rejected("no")) {
            try state.update(TasksState.self) { (tasks: inout TasksState) throws(StoreError) in
                tasks.addingTask = true
                throw .rejected("no")
            }
        }
        #expect(state[TasksState.self] == TasksState())
    }

    @Test func removesOneOrAll() {
        var state = Substates([TasksState(), SettingsState()])
        state.remove(TasksState.self)
        #expect(!state.contains(TasksState.self))
        state.removeAll()
        #expect(state.count == 0)
        #expect(state.description == "Substates()")
    }
}
