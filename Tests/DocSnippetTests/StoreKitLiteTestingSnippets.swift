import StoreKitLite
import StoreKitLiteTesting
import Testing

// The snippet of StoreKitLiteTesting.md, compiled and run as a test.

struct Book: Identifiable, Sendable, Equatable {
    let id: Int
    var title: String
}

struct Shelf: Sendable, Equatable {
    var title = "Shelf"
    var books: [Book]
}

enum BookAction: Sendable { case rename(String) }
enum ShelfAction: Sendable {
    case rename(String)
    case book(Int, BookAction)
}

let shelf = Reducer<Shelf, ShelfAction>(mutating: { shelf, action in
    switch action {
    case .rename(let title): shelf.title = title
    case .book(let id, .rename(let title)):
        if let index = shelf.books.firstIndex(where: { $0.id == id }) { shelf.books[index].title = title }
    }
})

@Suite struct StoreKitLiteTestingSnippets {
    // snippet: LandingViewProbe
    @MainActor @Test func renamingABookInvalidatesOnlyItsRow() async throws {
        let store = ObservableStore(initialState: Shelf(books: [Book(id: 1, title: "Emma")]), reducer: shelf)
        let books = store.scope(forEach: \.books, action: { .book($0, $1) })
        let views = ViewProbe()
        views.read("title") { store.state.title }
        views.read("book 1") { books[0].state.title }
        try await views.send(.book(1, .rename("Persuasion")), to: store, invalidates: ["book 1"])
        try await views.send(.rename("Austen"), to: store, invalidates: ["title"])
    }
    // end
}
