// The destination example's views of "Using a store in a SwiftUI app", type-checked against the
// SwiftUI stand-in (its state and reducer are in ShelfState.swift).
import Glue  // stands in for the SwiftUI glue StoreKitLite compiles where SwiftUI exists
import StoreKitLite
import SwiftUI

// snippet: SwiftUIDestinationViews
struct ShelfView: View {
    let store: ObservableStore<Shelf, ShelfAction>

    var body: some View {
        VStack {
            List {
                ForEach(store.state.books) { book in
                    HStack {
                        Text(book.title)
                        Button("Rename") { store.send(.renameTapped(id: book.id)) }
                        Button("Delete") { store.send(.deleteTapped(id: book.id)) }
                    }
                }
            }
            Button("Sort") { store.send(.sortTapped) }
        }
        // One `Destination?`, one presentation per case; each dismissal sends `.dismiss`.
        .sheet(item: Binding(store.scope(state: \.destination?.rename, action: { .rename($0) }, dismiss: .dismiss))) { draft in
            DraftView(store: draft)
        }
        .alert(Binding(store.scope(state: \.destination?.alert, action: { .alert($0) }, dismiss: .dismiss)))
        .confirmationDialog(Binding(store.scope(state: \.destination?.sort, action: { .sort($0) }, dismiss: .dismiss)))
    }
}
// end
