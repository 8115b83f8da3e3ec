import Observation
import StoreKitLite
import TestSupport
import Testing

struct Draft: Identifiable, Sendable, Equatable {
    let id: Int
    var text = ""
    var words = 0
}

enum Destination: Sendable, Equatable {
    case edit(Draft)
    case alert(String)

    var edit: Draft? { if case .edit(let draft) = self { draft } else { nil } }
    var alert: String? { if case .alert(let message) = self { message } else { nil } }
}

struct Screen: Sendable, Equatable {
    var title = ""
    var editing: Draft?
    var destination: Destination?
    var badge: Int?
}

enum DraftAction: Sendable, Equatable {
    case setText(String)
    case setWords(Int)
    case close
}

enum ScreenAction: Sendable, Equatable {
    case rename(String)
    case present(Draft)
    case dismiss
    case editor(DraftAction)
    case navigate(Destination?)
    case destinationEdit(DraftAction)
    case setBadge(Int?)
    case badge(Never)
}

let screenReducer = Reducer<Screen, ScreenAction>(mutating: { screen, action in
    switch action {
    case .rename(let title): screen.title = title
    case .present(let draft): screen.editing = draft
    case .dismiss, .editor(.close): screen.editing = nil
    case .editor(.setText(let text)): screen.editing?.text = text
    case .editor(.setWords(let words)): screen.editing?.words = words
    case .navigate(let destination): screen.destination = destination
    case .destinationEdit(.close): screen.destination = nil
    case .destinationEdit(.setText(let text)):
        if case .edit(var draft) = screen.destination {
            draft.text = text
            screen.destination = .edit(draft)
        }
    case .destinationEdit(.setWords): break
    case .setBadge(let badge): screen.badge = badge
    }
})

@MainActor @Suite struct ObservableStorePresentationTests {
    @Test func theChildIsPresentWhileItsStateIsAndKeepsItsIdentity() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) == nil)
        try await store.send(.present(Draft(id: 1)))
        let editor = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        #expect(editor.state.id == 1)
        try await editor.send(.setText("hello"))
        #expect(editor.state.text == "hello")
        #expect(store.state.editing?.text == "hello")
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) === editor)
        try await store.send(.dismiss)  // dismissed by the parent
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) == nil)
    }

    @Test func theChildDismissesItselfWithAnActionAndThePresenterSeesIt() async throws {
        let store = ObservableStore(initialState: Screen(editing: Draft(id: 1)), reducer: screenReducer)
        let presenter = Reader { _ = store.scope(state: \.editing, action: ScreenAction.editor) }
        let editor = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        try await editor.send(.close)
        #expect(presenter.invalidations.value == 1)
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) == nil)
    }

    @Test func aPresenterIsInvalidatedByPresentationsOnlyAndTheChildsReadersByTheirFields() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        let presenter = Reader { _ = store.scope(state: \.editing, action: ScreenAction.editor) }
        try await store.send(.present(Draft(id: 1)))
        #expect(presenter.invalidations.value == 1)
        presenter.render()
        let editor = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        let text = Reader { _ = editor.state.text }
        let words = Reader { _ = editor.state.words }
        try await editor.send(.setText("a b"))
        try await store.send(.rename("elsewhere"))
        #expect(presenter.invalidations.value == 1)  // an edit inside, a change outside: no
        #expect(text.invalidations.value == 1)
        #expect(words.invalidations.value == 0)
        try await store.send(.present(Draft(id: 1, text: "same id")))  // the same value, edited
        #expect(presenter.invalidations.value == 1)
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) === editor)
        try await store.send(.dismiss)
        #expect(presenter.invalidations.value == 2)
    }

    @Test func aNewValueGetsANewChildAndTheOldOneIsReleased() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        weak var first: ObservableStore<Draft, DraftAction>?
        try await store.send(.present(Draft(id: 1)))
        do { first = store.scope(state: \.editing, action: ScreenAction.editor) }
        #expect(first != nil)  // kept by the parent while presented
        let presenter = Reader { _ = store.scope(state: \.editing, action: ScreenAction.editor) }
        try await store.send(.present(Draft(id: 2)))  // another value in place: a new child
        #expect(presenter.invalidations.value == 1)
        #expect(first == nil)
        let second = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        #expect(second.state.id == 2)
        try await store.send(.dismiss)
        try await store.send(.present(Draft(id: 2)))  // presented again after a nil: new too
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) !== second)
    }

    @Test func oneEnumDestinationDrivesASheetAndAnAlert() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        let sheet = { store.scope(state: \.destination?.edit, action: ScreenAction.destinationEdit) }
        let alert = { store.scope(state: \.destination?.alert, action: ScreenAction.badge) }
        let sheetPresenter = Reader { _ = sheet() }
        let alertPresenter = Reader { _ = alert() }
        try await store.send(.navigate(.edit(Draft(id: 7))))
        #expect(sheet()?.state.id == 7)
        #expect(alert() == nil)
        #expect(sheetPresenter.invalidations.value == 1)
        #expect(alertPresenter.invalidations.value == 0)
        sheetPresenter.render()
        try await sheet()?.send(.setText("draft"))
        #expect(store.state.destination == .edit(Draft(id: 7, text: "draft")))
        #expect(sheetPresenter.invalidations.value == 1)
        try await store.send(.navigate(.alert("Delete?")))  // the sheet goes, the alert comes
        #expect(sheet() == nil)
        #expect(alert()?.currentState == "Delete?")
        #expect(sheetPresenter.invalidations.value == 2)
        #expect(alertPresenter.invalidations.value == 1)
    }

    @Test func aHostOfTheOptionalItselfIsStillMadeWhenTheTypeAsksForIt() async throws {
        let store = ObservableStore(initialState: Screen(), reducer: screenReducer)
        let whole: ObservableStore<Draft?, DraftAction> = store.scope(state: \.editing, action: ScreenAction.editor)
        #expect(whole.currentState == nil)
        try await store.send(.present(Draft(id: 3)))
        #expect(whole.currentState?.id == 3)
    }

    @Test func aValueWithoutAnIDKeepsItsChildUntilItIsNil() async throws {
        let store = ObservableStore(initialState: Screen(badge: 1), reducer: screenReducer)
        let badge = try #require(store.scope(state: \.badge, action: ScreenAction.badge))
        try await store.send(.setBadge(2))
        #expect(store.scope(state: \.badge, action: ScreenAction.badge) === badge)
        #expect(badge.currentState == 2)
        try await store.send(.setBadge(nil))
        try await store.send(.setBadge(3))
        #expect(store.scope(state: \.badge, action: ScreenAction.badge) !== badge)
    }
}
