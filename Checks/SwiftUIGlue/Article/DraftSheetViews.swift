// The sheet example's views of "Using a store in a SwiftUI app", type-checked against the
// SwiftUI stand-in (its state and reducer are in DraftSheetState.swift).
import Glue  // stands in for the SwiftUI glue StreamCore compiles where SwiftUI exists
import StoreKitLite
import SwiftUI

// snippet: SwiftUISheetViews
struct LibraryView: View {
    let store: ObservableStore<Library, LibraryAction>

    var body: some View {
        Button("New draft") { store.send(.newDraft) }
            // Present while `editing` is not nil; a swipe down sends `.dismissDraft`.
            .sheet(item: Binding(store.scope(state: \.editing, action: { .draft($0) }, dismiss: .dismissDraft))) { draft in
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
