/// The actions of a navigation stack (TCA's `StackAction`): an action of one of its screens,
/// a pop, a push. A feature embeds them in a case of its own action,
/// `case path(StackAction<Screen, ScreenAction>)`, which ``Reducer/forEach(_:action:destination:)``
/// and ``ObservableStore/scope(forEach:action:)->[ObservableStore<Element,ElementAction>]`` use.
///
/// ```swift
/// enum ContactsAction: Sendable {
///     case open(Contact)
///     case path(StackAction<ContactsScreen, ContactsScreenAction>)
/// }
///
/// store.send(.path(.push(state: .detail(contact))))      // push
/// store.send(.path(.popFrom(id: id)))                    // pop `id` and the screens above it
/// store.send(.path(.element(id: id, action: .detail(.toggleFavorite))))   // a screen's action
/// ```
///
/// Unlike TCA's `push(id:state:)`, `push(state:)` carries no id: the stack gives the screen its next id
/// when the reducer appends it, so a reducer stays deterministic (see ``StackState``).
public enum StackAction<State, Action> {
    /// An action of the screen with `id`, sent by its child host.
    case element(id: StackElementID, action: Action)
    /// Pops the screen with `id` and the screens above it (what SwiftUI's back button and
    /// swipe send through `NavigationStack(path:)`; to pop to the root, the bottom screen's id).
    case popFrom(id: StackElementID)
    /// Pushes a screen with this state; it gets the stack's next id.
    case push(state: State)
}

extension StackAction: Sendable where State: Sendable, Action: Sendable {}
extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
