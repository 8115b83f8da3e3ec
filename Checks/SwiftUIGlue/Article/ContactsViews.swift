// The navigation stack example's views of "Using a store in a SwiftUI app", type-checked
// against the SwiftUI stand-in (its state and reducer are in ContactsState.swift).
import Glue  // stands in for the SwiftUI glue StoreKitLite compiles where SwiftUI exists
import StoreKitLite
import SwiftUI

// snippet: SwiftUIStackViews
struct ContactsView: View {
    let store: ObservableStore<Contacts, ContactsAction>

    var body: some View {
        NavigationStack(path: store.scope(state: \.path, action: { .path($0) })) {
            List {
                ForEach(store.state.contacts) { contact in
                    Button(contact.name) { store.send(.open(id: contact.id)) }
                }
            }
            .navigationTitle("Contacts")
        } destination: { screen in
            // One host per screen, kept while the screen is on the stack.
            if let contact = screen.scope(state: \.detail, action: { .detail($0) }) {
                ContactView(store: contact)
            } else if let name = screen.state.calls {
                Text("Calls with \(name)")
            }
        }
    }
}

struct ContactView: View {
    let store: ObservableStore<Contact, ContactAction>

    var body: some View {
        VStack {
            Toggle("Favorite", isOn: Binding(store.binding(for: \.isFavorite, send: .toggleFavorite)))
            Button("Calls") { store.send(.showCalls) }
            Button("Done") { store.send(.close) }  // the contacts' reducer pops this screen
        }
        .navigationTitle(store.state.name)
    }
}
// end
