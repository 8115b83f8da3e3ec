import StoreKitLite
import StoreKitLiteTesting
import Testing

@Suite struct ReducerStackTests {
    @Test func aPushAppendsWithTheNextIDBeforeTheFeatureSeesIt() throws {
        let store = TestStore(initialState: Notebook(), reducer: notebookReducer)
        try store.send(.path(.push(state: .note(Note(id: 1))))) {
            $0.path.append(.note(Note(id: 1)))
            $0.seen = ["push, depth 1"]
        }
        try store.send(.open(Note(id: 2))) { $0.path.append(.note(Note(id: 2))) }
        #expect(store.store.state.path.ids == [0, 1])
    }

    @Test func aScreensActionReducesThatScreenThenTheFeatureSeesIt() throws {
        let store = TestStore(initialState: Notebook(path: [.note(Note(id: 1)), .note(Note(id: 2))]), reducer: notebookReducer)
        try store.send(.path(.element(id: 1, action: .note(.edit("hello"))))) {
            $0.path[id: 1] = .note(Note(id: 2, text: "hello"))
            $0.seen = ["element #1 edit(\"hello\"), text now hello"]
        }
        #expect(store.store.state.path[id: 0] == .note(Note(id: 1)))  // the other screen is untouched
    }

    @Test func aPopLetsTheFeatureSeeTheStackFirstThenPopsTheScreenAndThoseAbove() throws {
        let store = TestStore(initialState: Notebook(path: [.note(Note(id: 1)), .note(Note(id: 2)), .history(noteID: 2)]), reducer: notebookReducer)
        try store.send(.path(.popFrom(id: 1))) {
            $0.path.pop(from: 1)
            $0.seen = ["popFrom #1, depth 3"]
        }
        #expect(store.store.state.path.ids == [0])
    }

    @Test func aScreenDismissesItselfWithAnActionTheFeatureAnswersByPopping() throws {
        let store = TestStore(initialState: Notebook(), reducer: notebookReducer)
        try store.send(.open(Note(id: 1))) { $0.path.append(.note(Note(id: 1))) }
        try store.send(.path(.element(id: 0, action: .note(.openHistory)))) { $0.path.append(.history(noteID: 1)) }
        try store.send(.path(.element(id: 0, action: .note(.close)))) { $0.path.removeAll() }
        try store.send(.open(Note(id: 2))) { $0.path.append(.note(Note(id: 2))) }
        #expect(store.store.state.path.ids == [2])
    }

    @Test func popToRootIsAnActionTheFeatureAnswersByEmptyingTheStack() throws {
        let store = TestStore(initialState: Notebook(path: [.note(Note(id: 1)), .history(noteID: 1)]), reducer: notebookReducer)
        try store.send(.popToRoot) { $0.path.removeAll() }
        #expect(store.store.state.path.isEmpty)
        #expect(store.store.state.path.nextID == 2)
    }

    @Test func actionsForAScreenNoLongerOnTheStackAreRefusedWithTheStateUnchanged() throws {
        let store = TestStore(initialState: Notebook(path: [.note(Note(id: 1))]), reducer: notebookReducer)
        try store.send(.path(.element(id: 5, action: .note(.pin))), refusedWith: .rejected("StackAction.element: no screen #5 on the stack"))
        try store.send(.path(.popFrom(id: 5)), refusedWith: .rejected("StackAction.popFrom: no screen #5 on the stack"))
        // A screen's own refusal reaches the sender too.
        try store.send(.path(.push(state: .history(noteID: 1)))) {
            $0.path.append(.history(noteID: 1))
            $0.seen = ["push, depth 2"]
        }
        try store.send(.path(.element(id: 1, action: .note(.pin))), refusedWith: .rejected("a history page has no note actions"))
    }

    @Test func aPushTheFeatureRefusesIsUndoneAndItsIDGivenToTheNextPush() throws {
        let store = TestStore(initialState: Notebook(), reducer: notebookReducer)
        try store.send(.refuseNextPush) { $0.seen = ["refuse next push"] }
        try store.send(.path(.push(state: .note(Note(id: 1)))), refusedWith: .rejected("no push now"))
        #expect(store.store.state.path.nextID == 0)
        try store.send(.open(Note(id: 1))) { $0.path.append(.note(Note(id: 1))) }
        #expect(store.store.state.path.ids == [0])
    }

    @Test func otherActionsReachTheFeatureAlone() throws {
        let store = TestStore(initialState: Notebook(path: [.note(Note(id: 1))]), reducer: notebookReducer)
        try store.send(.rename("Journal")) { $0.title = "Journal" }
    }
}
