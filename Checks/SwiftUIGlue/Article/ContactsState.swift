// The navigation stack example's state and reducer of "Using a store in a SwiftUI app":
// compiled with the views against the SwiftUI stand-in, and tested by the root package's
// SwiftUIArticleTests (a link to this file), so it imports StoreKitLite alone.
import StoreKitLite

// snippet: SwiftUIStackState
struct Contact: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
    var isFavorite = false
}

enum ContactAction: Equatable, Sendable {
    case toggleFavorite
    case showCalls
    case close
}

/// A screen of the contacts' navigation stack.
enum ContactsScreen: Equatable, Sendable {
    case detail(Contact)
    case calls(name: String)

    var detail: Contact? { if case .detail(let contact) = self { contact } else { nil } }
    var calls: String? { if case .calls(let name) = self { name } else { nil } }
}

enum ContactsScreenAction: Equatable, Sendable {
    case detail(ContactAction)
}

struct Contacts: Equatable, Sendable {
    var contacts: [Contact] = []
    var path = StackState<ContactsScreen>()
}

enum ContactsAction: Equatable, Sendable {
    case open(id: Int)
    case popToRoot
    case path(StackAction<ContactsScreen, ContactsScreenAction>)
}

let contactsScreenReducer = Reducer<ContactsScreen, ContactsScreenAction>(mutating: { screen, action in
    switch (screen, action) {
    case (.detail(var contact), .detail(.toggleFavorite)):
        contact.isFavorite.toggle()
        screen = .detail(contact)
    case (.detail, .detail(.showCalls)), (.detail, .detail(.close)), (.calls, .detail):
        break  // the contacts' reducer answers these
    }
})

let contactsReducer = Reducer<Contacts, ContactsAction>(mutating: { contacts, action in
    switch action {
    case .open(let id):
        guard let contact = contacts.contacts.first(where: { $0.id == id }) else { return }
        contacts.path.append(.detail(contact))  // push
    case .popToRoot:
        contacts.path.removeAll()
    case .path(.element(let id, .detail(.showCalls))):
        guard let contact = contacts.path[id: id]?.detail else { return }
        contacts.path.append(.calls(name: contact.name))
    case .path(.element(let id, .detail(.close))):
        contacts.path.pop(from: id)  // the screen dismisses itself
    case .path(.element(let id, .detail(.toggleFavorite))):
        // The screen's reducer has run: keep the list in step with it.
        guard let contact = contacts.path[id: id]?.detail,
            let index = contacts.contacts.firstIndex(where: { $0.id == contact.id })
        else { return }
        contacts.contacts[index].isFavorite = contact.isFavorite
    case .path(.popFrom), .path(.push):
        break  // the stack pops and pushes by itself
    }
})
.forEach(\.path, action: { if case .path(let action) = $0 { action } else { nil } }, destination: contactsScreenReducer)
// end
