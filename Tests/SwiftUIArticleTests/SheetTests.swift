import StoreKitLite
import StoreKitLiteTesting
import Testing

/// The sheet example of "Using a store in a SwiftUI app" (Article/DraftSheetState.swift).
@Suite struct SheetTests {
    // snippet: SwiftUISheetTest
    @Test func aNewDraftIsPresentedEditedAndSavedWhichDismissesIt() throws {
        let store = TestStore(initialState: Library(), reducer: libraryReducer)
        try store.send(.newDraft) { $0.editing = Draft(id: 0) }
        try store.send(.draft(.setTitle("Notes"))) { $0.editing?.title = "Notes" }
        try store.send(.draft(.save)) {
            $0.titles = ["Notes"]
            $0.editing = nil
        }
        try store.send(.newDraft) { $0.editing = Draft(id: 1) }
    }
    // end

    @Test func cancellingOrSwipingTheSheetAwayDismissesItWithoutSaving() throws {
        let store = TestStore(initialState: Library(titles: ["a"]), reducer: libraryReducer)
        try store.send(.newDraft) { $0.editing = Draft(id: 1) }
        try store.send(.draft(.setTitle("b"))) { $0.editing?.title = "b" }
        try store.send(.draft(.cancel)) { $0.editing = nil }
        try store.send(.newDraft) { $0.editing = Draft(id: 1) }
        try store.send(.dismissDraft) { $0.editing = nil }  // what the binding sends on a swipe
    }

    @MainActor @Test func theSheetsBindingPresentsANewHostPerDraftAndDismissesOnNil() async throws {
        let store = ObservableStore(initialState: Library(), reducer: libraryReducer)
        let sheet = store.scope(state: \.editing, action: { .draft($0) }, dismiss: .dismissDraft)
        let views = ViewProbe()
        views.read("library") { sheet.wrappedValue }
        try await views.send(.newDraft, to: store, invalidates: ["library"])
        let draft = try #require(sheet.wrappedValue)
        views.read("title field") { draft.state.title }
        try await views.send(.setTitle("Notes"), to: draft, invalidates: ["title field"])
        sheet.wrappedValue = nil  // swiped away
        try views.expectInvalidated(["library"], showing: store)
        #expect(store.currentState == Library())
    }
}
