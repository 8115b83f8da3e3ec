import StoreKitLite
import StoreKitLiteTesting
import Testing

/// The navigation stack example of "Using a store in a SwiftUI app" (Article/ContactsState.swift).
@Suite struct StackTests {
    static let ada = Contact(id: 1, name: "Ada")
    static let grace = Contact(id: 2, name: "Grace")

    @Test func openingAContactPushesItsScreenAndItsCallsPushAnother() throws {
        let store = TestStore(initialState: Contacts(contacts: [Self.ada, Self.grace]), reducer: contactsReducer)
        try store.send(.open(id: 2)) { $0.path.append(.detail(Self.grace)) }
        try store.send(.path(.element(id: 0, action: .detail(.showCalls)))) { $0.path.append(.calls(name: "Grace")) }
        #expect(store.store.state.path.ids == [0, 1])
    }

    @Test func aScreensToggleChangesTheScreenThenTheListFollows() throws {
        let store = TestStore(initialState: Contacts(contacts: [Self.ada, Self.grace]), reducer: contactsReducer)
        try store.send(.open(id: 1)) { $0.path.append(.detail(Self.ada)) }
        try store.send(.path(.element(id: 0, action: .detail(.toggleFavorite)))) {
            $0.path[id: 0] = .detail(Contact(id: 1, name: "Ada", isFavorite: true))
            $0.contacts[0].isFavorite = true
        }
    }

    // snippet: SwiftUIStackTest
    @Test func theBackButtonPopsAndTheScreensDoneDismissesItWithThoseAbove() throws {
        let store = TestStore(initialState: Contacts(contacts: [Self.ada, Self.grace]), reducer: contactsReducer)
        try store.send(.open(id: 1)) { $0.path.append(.detail(Self.ada)) }
        try store.send(.path(.element(id: 0, action: .detail(.showCalls)))) { $0.path.append(.calls(name: "Ada")) }
        try store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }  // back, from the calls
        try store.send(.path(.element(id: 0, action: .detail(.showCalls)))) { $0.path.append(.calls(name: "Ada")) }
        try store.send(.path(.element(id: 0, action: .detail(.close)))) { $0.path.removeAll() }  // Done
        #expect(store.store.state.path.isEmpty)
        #expect(store.store.state.path.nextID == 3)
    }
    // end

    @Test func popToRootEmptiesTheStackAndAScreenKeptAfterItsPopIsRefused() throws {
        let store = TestStore(initialState: Contacts(contacts: [Self.ada, Self.grace]), reducer: contactsReducer)
        try store.send(.open(id: 1)) { $0.path.append(.detail(Self.ada)) }
        try store.send(.open(id: 2)) { $0.path.append(.detail(Self.grace)) }
        try store.send(.popToRoot) { $0.path.removeAll() }
        try store.send(.path(.element(id: 1, action: .detail(.toggleFavorite))), refusedWith: .rejected("StackAction.element: no screen #1 on the stack"))
    }

    // snippet: SwiftUIStackViewProbe
    @MainActor @Test func theStacksViewFollowsPushesAndPopsAndEachScreenItsOwnFields() async throws {
        let store = ObservableStore(initialState: Contacts(contacts: [Self.ada, Self.grace]), reducer: contactsReducer)
        // What NavigationStack(path:root:destination:) reads: the screens of the stack's host.
        let path = store.scope(state: \.path, action: { .path($0) })
        let screens = { path.scope(forEach: \.self, action: { .element(id: $0, action: $1) }) }
        let views = ViewProbe()
        views.read("stack") { screens() }
        views.read("list") { store.state.contacts }
        try await views.send(.open(id: 1), to: store, invalidates: ["stack"])
        let ada = try #require(screens()[0].scope(state: \.detail, action: ContactsScreenAction.detail))
        views.read("Ada's toggle") { ada.state.isFavorite }
        views.read("Ada's title") { ada.state.name }
        try await views.send(.open(id: 2), to: store, invalidates: ["stack"])
        try await views.send(.toggleFavorite, to: ada, invalidates: ["Ada's toggle", "list"])
        try await views.send(.showCalls, to: ada, invalidates: ["stack"])
        try await views.send(.close, to: ada, invalidates: ["stack"])
        #expect(screens().isEmpty)
    }
    // end
}
