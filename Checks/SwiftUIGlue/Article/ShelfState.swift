// The destination example's state and reducer of "Using a store in a SwiftUI app" (a sheet, an
// alert and a confirmation dialog from one `Destination?`): compiled with the views against the
// SwiftUI stand-in, and tested by the root package's SwiftUIArticleTests (a link to this file),
// so it imports StoreKitLite alone. `Draft` and `DraftAction` are the sheet example's.
import StoreKitLite

// snippet: SwiftUIDestinationState
struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

enum ShelfAlert: Equatable, Sendable {
    case confirmDelete(id: Int)
}

enum ShelfSort: Equatable, Sendable {
    case byTitle
    case byID
}

struct Shelf: Equatable, Sendable {
    var books: [Book] = []
    var destination: Destination?

    /// What the shelf presents, one at a time.
    enum Destination: Equatable, Sendable {
        case rename(Draft)
        case alert(AlertState<ShelfAlert>)
        case sort(ConfirmationDialogState<ShelfSort>)

        var rename: Draft? { if case .rename(let draft) = self { draft } else { nil } }
        var alert: AlertState<ShelfAlert>? { if case .alert(let alert) = self { alert } else { nil } }
        var sort: ConfirmationDialogState<ShelfSort>? { if case .sort(let dialog) = self { dialog } else { nil } }
    }
}

enum ShelfAction: Equatable, Sendable {
    case renameTapped(id: Int)
    case deleteTapped(id: Int)
    case sortTapped
    case rename(DraftAction)
    case alert(ShelfAlert)
    case sort(ShelfSort)
    case dismiss
}

let shelfReducer = Reducer<Shelf, ShelfAction>(mutating: { shelf, action in
    switch action {
    case .renameTapped(let id):
        guard let book = shelf.books.first(where: { $0.id == id }) else { return }
        shelf.destination = .rename(Draft(id: id, title: book.title))
    case .deleteTapped(let id):
        guard let book = shelf.books.first(where: { $0.id == id }) else { return }
        shelf.destination = .alert(
            AlertState(
                title: "Delete “\(book.title)”?",
                message: "This cannot be undone.",
                buttons: [
                    ButtonState("Delete", role: .destructive, action: .confirmDelete(id: id)),
                    ButtonState("Cancel", role: .cancel),
                ]))
    case .sortTapped:
        shelf.destination = .sort(
            ConfirmationDialogState(
                title: "Sort by",
                titleVisibility: .visible,
                buttons: [
                    ButtonState("Title", action: .byTitle),
                    ButtonState("Order added", action: .byID),
                    ButtonState("Cancel", role: .cancel),
                ]))
    case .rename(.setTitle(let title)):
        guard case .rename(var draft)? = shelf.destination else { return }
        draft.title = title
        shelf.destination = .rename(draft)
    case .rename(.save):
        guard case .rename(let draft)? = shelf.destination,
            let index = shelf.books.firstIndex(where: { $0.id == draft.id })
        else { return }
        shelf.books[index].title = draft.title
        shelf.destination = nil
    case .rename(.cancel), .dismiss:
        shelf.destination = nil
    // A button's action and the dismissal SwiftUI writes both arrive, in either order: the
    // action carries what it needs, and each sets the destination to nil.
    case .alert(.confirmDelete(let id)):
        shelf.books.removeAll { $0.id == id }
        shelf.destination = nil
    case .sort(.byTitle):
        shelf.books.sort { $0.title < $1.title }
        shelf.destination = nil
    case .sort(.byID):
        shelf.books.sort { $0.id < $1.id }
        shelf.destination = nil
    }
})
// end
