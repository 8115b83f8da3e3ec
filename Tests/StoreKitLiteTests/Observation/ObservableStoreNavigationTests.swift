import StoreKitLite
import StoreKitLiteTesting
import Testing

/// Each navigation shape, with exactly which views it invalidates (ViewProbe readers stand in for
/// the views' bodies).
@MainActor @Suite struct ObservableStoreNavigationTests {
    // MARK: Presentation from optional state

    @Test func presentingInvalidatesThePresenterOnlyAndTheSheetsReadersByTheirFields() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        let views = ViewProbe()
        views.read("title") { store.state.title }
        views.read("presenter") { store.scope(state: \.editing, action: ScreenAction.editor) }
        try await views.send(.present(Draft(id: 1)), to: store, invalidates: ["presenter"])
        let editor = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        views.read("sheet text") { editor.state.text }
        views.read("sheet words") { editor.state.words }
        try await views.send(.editor(.setText("a")), to: store, invalidates: ["sheet text"])
        try await views.send(.editor(.setWords(1)), to: store, invalidates: ["sheet words"])
        try await views.send(.rename("elsewhere"), to: store, invalidates: ["title"])
        try await views.send(.present(Draft(id: 1, text: "same id")), to: store, invalidates: ["sheet text", "sheet words"])
        try await views.send(.present(Draft(id: 2)), to: store, invalidates: ["presenter"])  // a new value
    }

    @Test func dismissalByTheChildInvalidatesThePresenterOnly() async throws {
        let store = ObservableStore(initialState: Screen(editing: Draft(id: 1)), reducer: screenReducer)
        let editor = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        let views = ViewProbe()
        views.read("presenter") { store.scope(state: \.editing, action: ScreenAction.editor) }
        views.read("sheet text") { editor.state.text }
        try await views.send(.close, to: editor, invalidates: ["presenter"])
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) == nil)
    }

    @Test func dismissalByTheParentInvalidatesThePresenterOnly() async throws {
        let store = ObservableStore(initialState: Screen(editing: Draft(id: 1)), reducer: screenReducer)
        let editor = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        let views = ViewProbe()
        views.read("title") { store.state.title }
        views.read("presenter") { store.scope(state: \.editing, action: ScreenAction.editor) }
        views.read("sheet text") { editor.state.text }
        try await views.send(.dismiss, to: store, invalidates: ["presenter"])
        try await views.send(.dismiss, to: store, invalidates: [])  // already dismissed: nothing
    }

    @Test func aBindingDismissesOnceWhenSwiftUIWritesNil() async throws {
        let recorder = ActionRecorder<Screen, ScreenAction>()
        let store = ObservableStore(
            store: Store(initialState: Screen(editing: Draft(id: 1)), reducer: screenReducer, observers: [recorder]))
        let binding = store.scope(state: \.editing, action: ScreenAction.editor, dismiss: .dismiss)
        let editor = try #require(binding.wrappedValue)
        #expect(editor === store.scope(state: \.editing, action: ScreenAction.editor))
        let views = ViewProbe()
        views.read("presenter") { binding.wrappedValue }
        binding.wrappedValue = editor  // writing a host: nothing (a presentation starts from the state)
        binding.wrappedValue = nil  // the user swiped the sheet away
        try views.expectInvalidated(["presenter"], showing: store)
        #expect(store.currentState.editing == nil)
        binding.wrappedValue = nil  // already dismissed: no second action
        try views.expectInvalidated([], showing: store)
        #expect(recorder.actions == [.dismiss])
    }

    @Test func switchingTheDestinationsCaseDismissesOneAndPresentsTheOther() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        let views = ViewProbe()
        views.read("sheet") { store.scope(state: \.destination?.edit, action: ScreenAction.destinationEdit) }
        views.read("alert") { store.scope(state: \.destination?.alert, action: ScreenAction.badge) }
        try await views.send(.navigate(.edit(Draft(id: 7))), to: store, invalidates: ["sheet"])
        let sheet = try #require(store.scope(state: \.destination?.edit, action: ScreenAction.destinationEdit))
        views.read("sheet text") { sheet.state.text }
        try await views.send(.destinationEdit(.setText("draft")), to: store, invalidates: ["sheet text"])
        try await views.send(.navigate(.alert("Delete?")), to: store, invalidates: ["sheet", "alert"])
        try await views.send(.navigate(.alert("Delete?")), to: store, invalidates: [])
        try await views.send(.navigate(nil), to: store, invalidates: ["alert"])
    }

    // MARK: A navigation stack

    @Test func pushPopAndPopToRootInvalidateTheStackAndNoScreen() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        let screens = { store.scope(forEach: \.path, action: { .path(.element(id: $0, action: $1)) }) }
        let views = ViewProbe()
        views.read("title") { store.state.title }
        views.read("stack") { screens() }
        try await views.send(.open(Note(id: 1)), to: store, invalidates: ["stack"])
        let first = try #require(screens()[0].scope(state: \.note, action: PageAction.note))
        views.read("note 1 text") { first.state.text }
        views.read("note 1 pin") { first.state.isPinned }
        try await views.send(.open(Note(id: 2)), to: store, invalidates: ["stack"])  // a push: no screen below
        let second = try #require(screens()[1].scope(state: \.note, action: PageAction.note))
        views.read("note 2 text") { second.state.text }
        try await views.send(.path(.push(state: .history(noteID: 2))), to: store, invalidates: ["stack"])
        try await views.send(.path(.popFrom(id: 2)), to: store, invalidates: ["stack"])  // a pop
        try await views.send(.rename("Journal"), to: store, invalidates: ["title"])  // outside: no screen, no stack
        try await views.send(.popToRoot, to: store, invalidates: ["stack"])
    }

    @Test func aScreensReadersAreInvalidatedByTheirOwnFieldsOnly() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        let screens = { store.scope(forEach: \.path, action: { .path(.element(id: $0, action: $1)) }) }
        try await store.send(.open(Note(id: 1)))
        try await store.send(.open(Note(id: 2)))
        let first = try #require(screens()[0].scope(state: \.note, action: PageAction.note))
        let second = try #require(screens()[1].scope(state: \.note, action: PageAction.note))
        let views = ViewProbe()
        views.read("stack") { screens() }
        views.read("note 1 text") { first.state.text }
        views.read("note 1 pin") { first.state.isPinned }
        views.read("note 2 text") { second.state.text }
        try await views.send(.edit("one"), to: first, invalidates: ["note 1 text"])
        try await views.send(.pin, to: first, invalidates: ["note 1 pin"])
        try await views.send(.edit("two"), to: second, invalidates: ["note 2 text"])
        try await views.send(.edit("two"), to: second, invalidates: [])  // the same text
    }

    @Test func aScreenDismissingItselfInvalidatesTheStackOnly() async throws {
        let store = ObservableStore(initialState: Notebook(), reducer: notebookReducer)
        let path = store.scope(state: \.path, action: { .path($0) })
        let screens = { path.scope(forEach: \.self, action: { .element(id: $0, action: $1) }) }
        try await store.send(.open(Note(id: 1)))
        try await store.send(.open(Note(id: 2)))
        let first = try #require(screens()[0].scope(state: \.note, action: PageAction.note))
        let second = try #require(screens()[1].scope(state: \.note, action: PageAction.note))
        let views = ViewProbe()
        views.read("title") { store.state.title }
        views.read("stack") { screens() }
        views.read("note 1 text") { first.state.text }
        views.read("note 2 text") { second.state.text }
        try await views.send(.close, to: second, invalidates: ["stack"])
        #expect(screens().map(\.id) == [AnyHashable(StackElementID(generation: 0))])
    }
}
