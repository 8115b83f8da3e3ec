import Testing
import StoreKitLite

@Suite struct ActionRecorderTests {
    @Test func replayingTheLogIntoAFreshStoreReproducesTheState() {
        let recorder = ActionRecorder<Substates, AppAction>()
        let store = Store(initialState: Substates(), reducer: mainReducer, observers: [recorder])
        store.dispatch(.store(.add(states: [TasksState()])))
        store.dispatch(.tasks(.startAdding))
        store.dispatch(.tasks(.add(title: "a")))
        store.dispatch(.tasks(.add(title: "b")))
        #expect(recorder.actions.count == 4)

        let fresh = Store(initialState: Substates(), reducer: mainReducer)
        recorder.replay(into: fresh)
        #expect(fresh.state[TasksState.self] == store.state[TasksState.self])

        let partial = Store(initialState: Substates(), reducer: mainReducer)
        recorder.replay(into: partial, count: 2)
        #expect(partial.state[TasksState.self] == TasksState(tasks: [], addingTask: true))
    }

    @Test func timeTravelComputesAnyEarlierState() {
        let recorder = ActionRecorder<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: counterReducer, observers: [recorder])
        for action: CounterAction in [.increment, .add(10), .decrement] { store.dispatch(action) }
        #expect(recorder.state(after: 0, from: 0, reducer: counterReducer) == 0)
        #expect(recorder.state(after: 2, from: 0, reducer: counterReducer) == 11)
        #expect(recorder.state(after: 3, from: 0, reducer: counterReducer) == store.state)
        recorder.clear()
        #expect(recorder.actions.isEmpty)
    }

    @Test func recorderAttachedLaterDoesNotRecordThePast() {
        let store = Store(initialState: 0, reducer: counterReducer)
        store.dispatch(.increment)
        let recorder = ActionRecorder<Int, CounterAction>()
        recorder.observe(currentStateLastAction: store.updates)
        store.dispatch(.decrement)
        #expect(recorder.actions == [.decrement])
    }
}
