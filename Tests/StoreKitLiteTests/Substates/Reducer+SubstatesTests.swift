import TestSupport
import Testing
import StoreKitLite

@Suite struct ReducerSubstatesTests {
    /// The seed's example: TasksState added as a substate, actions reduced, the logging
    /// middleware printing the state and the last action.
    @Test func seedTasksExampleWithLoggingMiddleware() {
        let log = Box<[String]>([])
        let logger = LoggingMiddleware<Substates, AppAction>(sink: { log.append($0) })
        let store = Store(initialState: Substates(), reducer: mainReducer, observers: [logger])

        let tasksState = TasksState()
        let action = StoreAction.add(states: [tasksState])
        store.dispatch(action: .store(action))
        store.dispatch(.tasks(.startAdding))
        store.dispatch(.tasks(.add(title: "Write the store")))

        #expect(store.state[TasksState.self] == TasksState(tasks: [TaskItem(title: "Write the store")], addingTask: false))
        #expect(log.value.count == 4)
        #expect(log.value.first == "currentState: Substates()\nlastAction: nil")
        #expect(log.value[1] == "currentState: Substates(TasksState(tasks: [], addingTask: false))\nlastAction: store(add(states: [TasksState]))")
        #expect(log.value.last?.hasSuffix("lastAction: tasks(add(title: \"Write the store\"))") == true)
    }

    @Test func actionForAnUnregisteredSubstateYieldsATypedErrorMiddlewareSees() {
        let log = Box<[String]>([])
        let logger = LoggingMiddleware<Substates, AppAction>(sink: { log.append($0) })
        let store = Store(initialState: Substates(), reducer: mainReducer, observers: [logger])
        let errors = Box<[StoreError]>([])
        let subscription = store.updates.compactMap(\.error).observeNext { errors.append($0) }

        store.dispatch(.tasks(.startAdding))
        #expect(errors.value == [.substateNotRegistered("TasksState")])
        #expect(log.value.last?.hasSuffix("error: substate TasksState is not registered") == true)
        #expect(store.state.count == 0)

        store.dispatch(.store(.add(states: [TasksState()])))
        store.dispatch(.tasks(.startAdding))
        #expect(store.state[TasksState.self]?.addingTask == true)
        store.dispatch(.store(.reset))
        store.dispatch(.tasks(.startAdding))
        #expect(errors.value.count == 2)
        subscription.dispose()
    }
}
