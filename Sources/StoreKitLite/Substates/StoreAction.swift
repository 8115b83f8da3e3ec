/// The store's own actions on a ``Substates`` application state (RxState's `StoreAction`).
///
/// Embed it in your action type and reduce it with ``Reducer/storeActions(_:)``:
///
/// ```swift
/// enum AppAction: Sendable {
///     case store(StoreAction)
///     case tasks(TasksAction)
/// }
/// store.dispatch(.store(.add(states: [TasksState()])))
/// store.dispatch(.store(.reset))
/// ```
public enum StoreAction: Sendable, CustomStringConvertible {
    /// Adds substates to the application state (replacing any of the same type).
    case add(states: [any Substate])
    /// Removes all substates from the application state.
    case reset

    /// A readable description, for logs.
    public var description: String {
        switch self {
        case .add(let states): "add(states: [" + states.map { "\(type(of: $0))" }.joined(separator: ", ") + "])"
        case .reset: "reset"
        }
    }
}
