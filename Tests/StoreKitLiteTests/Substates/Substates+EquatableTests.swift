import StoreKitLite
import StoreKitLiteTesting
import Testing

/// A substate that cannot be compared.
private struct Opaque: Substate {
    var value = 0
}

@Suite struct SubstatesEquatableTests {
    @Test func substatesWithEqualSubstatesInTheSameOrderAreEqual() {
        #expect(Substates([TasksState(), SettingsState()]) == Substates([TasksState(), SettingsState()]))
        #expect(Substates([TasksState(addingTask: true)]) != Substates([TasksState()]))
        #expect(Substates([TasksState(), SettingsState()]) != Substates([SettingsState(), TasksState()]))
        #expect(Substates([TasksState()]) != Substates([TasksState(), SettingsState()]))
        #expect(Substates() == Substates())
    }

    @Test func aSubstateThatIsNotEquatableMakesStatesUnequal() {
        #expect(Substates([Opaque()]) != Substates([Opaque()]))
    }

    @Test func storeActionsCompareTheirSubstates() {
        #expect(StoreAction.reset == .reset)
        #expect(StoreAction.add(states: [TasksState()]) == .add(states: [TasksState()]))
        #expect(StoreAction.add(states: [TasksState()]) != .add(states: [SettingsState()]))
        #expect(StoreAction.add(states: [TasksState()]) != .reset)
        #expect(AppAction.store(.add(states: [TasksState()])) == .store(.add(states: [TasksState()])))
    }

    /// The seed's tasks store, tested with `TestStore` and no `isEqual:`.
    @Test func aSubstateStoreIsTestedWithoutCustomEquality() async throws {
        let store = TestStore(initialState: Substates(), reducer: mainReducer)
        try await store.send(.store(.add(states: [TasksState()]))) { $0.add([TasksState()]) }
        try await store.send(.tasks(.startAdding)) { $0[substate: SubstateKey<TasksState>()]?.addingTask = true }
        try await store.send(.tasks(.add(title: "Write docs"))) {
            $0[substate: SubstateKey<TasksState>()] = TasksState(tasks: [TaskItem(title: "Write docs")])
        }
        try await store.finish()
    }
}

@Suite struct SubstatesKeyPathTests {
    @Test func theKeyPathReadsRegistersReplacesAndRemoves() {
        let tasks = Substates.keyPath(TasksState.self)
        var state = Substates()
        #expect(state[keyPath: tasks] == nil)
        state[keyPath: tasks] = TasksState(addingTask: true)
        #expect(state[TasksState.self] == TasksState(addingTask: true))
        state[keyPath: tasks]?.addingTask = false
        #expect(state[TasksState.self] == TasksState())
        state[keyPath: tasks] = nil
        #expect(!state.contains(TasksState.self))
    }

    @Test func aSubstateReducerPullsBackBySubstateType() throws {
        let reducer = tasksReducer.pullback(substate: TasksState.self) { (action: AppAction) in
            if case .tasks(let tasks) = action { tasks } else { nil }
        }
        var state = Substates([TasksState()])
        try reducer(&state, .tasks(.startAdding))
        #expect(state[TasksState.self]?.addingTask == true)
        var empty = Substates()
        #expect(throws: StoreError.substateNotRegistered("TasksState")) { try reducer(&empty, .tasks(.startAdding)) }
    }
}
