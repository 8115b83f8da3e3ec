import StoreKitLite
import StoreKitLiteTesting
import Testing

/// The destination example of "Using a store in a SwiftUI app" (Article/ShelfState.swift): a
/// sheet, an alert and a confirmation dialog from one `Destination?`.
@Suite struct DestinationTests {
    // snippet: SwiftUIDestinationTest
    static let books = [Book(id: 1, title: "Walden"), Book(id: 2, title: "Emma"), Book(id: 3, title: "Ulysses")]

    static let deleteEmma = AlertState<ShelfAlert>(
        title: "Delete “Emma”?",
        message: "This cannot be undone.",
        buttons: [
            ButtonState("Delete", role: .destructive, action: .confirmDelete(id: 2)),
            ButtonState("Cancel", role: .cancel),
        ])

    @Test func deleteShowsAnAlertWhoseButtonDeletesAndDismisses() throws {
        let store = TestStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        try store.send(.deleteTapped(id: 2)) { $0.destination = .alert(Self.deleteEmma) }
        try store.send(.alert(.confirmDelete(id: 2))) {
            $0.books = [Book(id: 1, title: "Walden"), Book(id: 3, title: "Ulysses")]
            $0.destination = nil
        }
        try store.send(.dismiss)  // SwiftUI's dismissal after the button: nothing left to do
    }

    @Test func theAlertsDismissalMayComeBeforeItsButtonsAction() throws {
        let store = TestStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        try store.send(.deleteTapped(id: 2)) { $0.destination = .alert(Self.deleteEmma) }
        try store.send(.dismiss) { $0.destination = nil }
        try store.send(.alert(.confirmDelete(id: 2))) {
            $0.books = [Book(id: 1, title: "Walden"), Book(id: 3, title: "Ulysses")]
        }
    }
    // end

    @Test func theAlertsCancelButtonOnlyDismisses() throws {
        let store = TestStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        try store.send(.deleteTapped(id: 2)) { $0.destination = .alert(Self.deleteEmma) }
        #expect(Self.deleteEmma.buttons[1].action == nil)  // the cancel button sends no action
        try store.send(.dismiss) { $0.destination = nil }
        #expect(store.store.state.books == Self.books)
    }

    @Test func sortShowsADialogWhoseButtonsSortAndDismiss() throws {
        let store = TestStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        let dialog = ConfirmationDialogState<ShelfSort>(
            title: "Sort by",
            titleVisibility: .visible,
            buttons: [
                ButtonState("Title", action: .byTitle),
                ButtonState("Order added", action: .byID),
                ButtonState("Cancel", role: .cancel),
            ])
        try store.send(.sortTapped) { $0.destination = .sort(dialog) }
        try store.send(.sort(.byTitle)) {
            $0.books = [Book(id: 2, title: "Emma"), Book(id: 3, title: "Ulysses"), Book(id: 1, title: "Walden")]
            $0.destination = nil
        }
        try store.send(.sortTapped) { $0.destination = .sort(dialog) }
        try store.send(.sort(.byID)) {
            $0.books = Self.books
            $0.destination = nil
        }
    }

    @Test func renameShowsASheetWhoseSaveRenamesTheBook() throws {
        let store = TestStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        try store.send(.renameTapped(id: 1)) { $0.destination = .rename(Draft(id: 1, title: "Walden")) }
        try store.send(.rename(.setTitle("Walden; or, Life in the Woods"))) {
            $0.destination = .rename(Draft(id: 1, title: "Walden; or, Life in the Woods"))
        }
        try store.send(.rename(.save)) {
            $0.books[0].title = "Walden; or, Life in the Woods"
            $0.destination = nil
        }
    }

    @Test func anotherCaseReplacesThePresentedOne() throws {
        let store = TestStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        try store.send(.renameTapped(id: 2)) { $0.destination = .rename(Draft(id: 2, title: "Emma")) }
        try store.send(.deleteTapped(id: 2)) { $0.destination = .alert(Self.deleteEmma) }
        try store.send(.rename(.save))  // the sheet's late action: no sheet, nothing renamed
    }

    @MainActor @Test func eachPresentationsViewIsInvalidatedByItsOwnCaseOnly() async throws {
        let store = ObservableStore(initialState: Shelf(books: Self.books), reducer: shelfReducer)
        let sheet = store.scope(state: \.destination?.rename, action: { .rename($0) }, dismiss: .dismiss)
        let alert = store.scope(state: \.destination?.alert, action: { .alert($0) }, dismiss: .dismiss)
        let dialog = store.scope(state: \.destination?.sort, action: { .sort($0) }, dismiss: .dismiss)
        let views = ViewProbe()
        views.read("sheet") { sheet.wrappedValue }
        views.read("alert") { alert.wrappedValue }
        views.read("dialog") { dialog.wrappedValue }
        views.read("books") { store.state.books }
        try await views.send(.renameTapped(id: 1), to: store, invalidates: ["sheet"])
        try await views.send(.deleteTapped(id: 2), to: store, invalidates: ["sheet", "alert"])
        let shown = try #require(alert.wrappedValue)
        #expect(shown.state.title == "Delete “Emma”?")
        // The Delete button: its action through the alert's host, then SwiftUI's dismissal.
        try await views.send(.confirmDelete(id: 2), to: shown, invalidates: ["alert", "books"])
        alert.wrappedValue = nil  // already dismissed by the action: no second action
        try views.expectInvalidated([], showing: store)
        try await views.send(.sortTapped, to: store, invalidates: ["dialog"])
        dialog.wrappedValue = nil  // a tap outside the dialog
        try views.expectInvalidated(["dialog"], showing: store)
        #expect(store.currentState.destination == nil)
    }
}
