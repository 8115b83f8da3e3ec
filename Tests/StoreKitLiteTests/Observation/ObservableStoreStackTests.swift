import StoreKitLite
import Testing

@MainActor @Suite struct ObservableStoreStackTests {
    private func screens(_ store: ObservableStore<Notebook, NotebookAction>) -> [ObservableStore<Page, PageAction>] {
        store.scope(forEach: \.path, action: { .path(.element(id: $0, action: $1)) })
    }

    @Test func aPushedScreenKeepsItsHostWhileOnTheStackAndAPoppedOneIsReleased() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        #expect(screens(store).isEmpty)
        try await store.send(.open(Note(id: 1)))
        let bottom = try #require(screens(store).first)
        weak var top: ObservableStore<Page, PageAction>?
        try await store.send(.open(Note(id: 2)))
        do {
            let hosts = screens(store)
            #expect(hosts.count == 2)
            #expect(hosts[0] === bottom)  // a push above keeps the screen below
            top = hosts[1]
            #expect(hosts[1].id == AnyHashable(StackElementID(generation: 1)))
        }
        #expect(top != nil)  // kept by the parent while on the stack
        try await store.send(.rename("Journal"))
        try await bottom.send(.note(.edit("first")))  // changes elsewhere keep both
        #expect(screens(store)[1] === top)
        #expect(screens(store)[0] === bottom)
        try await store.send(.path(.popFrom(id: 1)))
        #expect(top == nil)  // popped: released by the parent
        #expect(screens(store) == [bottom])
        try await store.send(.open(Note(id: 2)))  // the same note again: a new screen, a new host
        #expect(screens(store)[1].id == AnyHashable(StackElementID(generation: 2)))
        #expect(screens(store)[1].state.note == Note(id: 2))
    }

    @Test func popToRootReleasesEveryScreensHost() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        weak var first: ObservableStore<Page, PageAction>?
        weak var second: ObservableStore<Page, PageAction>?
        try await store.send(.open(Note(id: 1)))
        try await store.send(.open(Note(id: 2)))
        do {
            let hosts = screens(store)
            (first, second) = (hosts[0], hosts[1])
        }
        #expect(first != nil && second != nil)
        try await store.send(.popToRoot)
        #expect(screens(store).isEmpty)
        #expect(first == nil)
        #expect(second == nil)
    }

    @Test func aScreensHostSendsItsActionsWithItsIDAndDismissesItself() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        try await store.send(.open(Note(id: 1)))
        try await store.send(.open(Note(id: 2)))
        let second = screens(store)[1]
        let note = try #require(second.scope(state: \.note, action: PageAction.note))
        try await note.send(.edit("draft"))
        #expect(note.state.text == "draft")
        #expect(store.currentState.path[id: 1] == .note(Note(id: 2, text: "draft")))
        try await note.send(.openHistory)
        #expect(store.currentState.path.ids == [0, 1, 2])
        try await note.send(.close)  // the screen asks; the notebook pops it and those above
        #expect(store.currentState.path.ids == [0])
        #expect(screens(store).count == 1)
    }

    @Test func aScreenKeptAfterItsPopSendsActionsTheStackRefuses() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        try await store.send(.open(Note(id: 1)))
        let kept = screens(store)[0]
        try await store.send(.popToRoot)
        await #expect(throws: StoreError.rejected("StackAction.element: no screen #0 on the stack")) {
            try await kept.send(.note(.pin))
        }
        try await store.send(.open(Note(id: 1)))  // a new screen #1 is not reached by the kept host
        #expect(store.currentState.path[id: 1]?.note?.isPinned == false)
    }

    @Test func aHostOfTheStackGivesTheSameScreensAsTheParent() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        let path = store.scope(state: \.path, action: { .path($0) })
        let fromPath = { path.scope(forEach: \.self, action: { .element(id: $0, action: $1) }) }
        try await store.send(.open(Note(id: 1)))
        let screen = try #require(fromPath().first)
        #expect(screen.state.note == Note(id: 1))
        try await path.send(.push(state: .note(Note(id: 2))))  // a push through the stack's host
        #expect(fromPath().count == 2)
        #expect(fromPath()[0] === screen)
        try await fromPath()[1].send(.note(.pin))
        #expect(store.currentState.path[id: 1] == .note(Note(id: 2, isPinned: true)))
        try await path.send(.popFrom(id: 0))  // what NavigationStack's back button sends
        #expect(fromPath().isEmpty)
        #expect(store.currentState.path.isEmpty)
    }
}
