// The sheet example of "Using a store in a SwiftUI app", type-checked against the SwiftUI
// stand-in (its behaviour is tested by ObservableStorePresentationTests).
import Glue  // stands in for the SwiftUI glue StreamCore compiles where SwiftUI exists
import StoreKitLite
import SwiftUI

// snippet: SwiftUISheetState
struct Draft: Identifiable, Equatable, Sendable {
    let id: Int
    var title = ""
}

enum DraftAction: Sendable {
    case setTitle(String)
    case save
    case cancel
}

struct Library: Equatable, Sendable {
    var titles: [String] = []
    var editing: Draft?
}

enum LibraryAction: Sendable {
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

// snippet: SwiftUISheetViews
struct LibraryView: View {
    let store: ObservableStore<Library, LibraryAction>

    var body: some View {
        Button("New draft") { store.send(.newDraft) }
            // Present while `editing` is not nil; a swipe down sends `.dismissDraft`.
            .sheet(
                item: Binding(
                    get: { store.scope(state: \.editing, action: { .draft($0) }) },
                    set: { if $0 == nil { store.send(.dismissDraft) } })
            ) { draft in
                DraftView(store: draft)
            }
    }
}

struct DraftView: View {
    let store: ObservableStore<Draft, DraftAction>

    var body: some View {
        VStack {
            TextField("Title", text: Binding(store.binding(for: \.title, send: { .setTitle($0) })))
            Button("Save") { store.send(.save) }  // the parent's reducer dismisses the sheet
            Button("Cancel") { store.send(.cancel) }
        }
    }
}
// end
