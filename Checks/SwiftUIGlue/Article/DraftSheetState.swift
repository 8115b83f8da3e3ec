// The sheet example's state and reducer of "Using a store in a SwiftUI app": compiled with the
// views against the SwiftUI stand-in (Checks/SwiftUIGlue), and tested by the root package's
// SwiftUIArticleTests (a link to this file), so it imports StoreKitLite alone.
import StoreKitLite

// snippet: SwiftUISheetState
struct Draft: Identifiable, Equatable, Sendable {
    let id: Int
    var title = ""
}

enum DraftAction: Equatable, Sendable {
    case setTitle(String)
    case save
    case cancel
}

struct Library: Equatable, Sendable {
    var titles: [String] = []
    var editing: Draft?
}

enum LibraryAction: Equatable, Sendable {
    case newDraft
    case draft(DraftAction)
    case dismissDraft
}

let libraryReducer = Reducer<Library, LibraryAction>(mutating: { library, action in
    switch action {
    case .newDraft:
        library.editing = Draft(id: library.titles.count)
    case .draft(.setTitle(let title)):
        library.editing?.title = title
    case .draft(.save):
        if let draft = library.editing { library.titles.append(draft.title) }
        library.editing = nil
    case .draft(.cancel), .dismissDraft:
        library.editing = nil
    }
})
// end
