/// Why the store could not reduce an action: the typed error reducers throw and middleware sees.
///
/// A failed reduction leaves the state unchanged. The store publishes the failure in a
/// ``StoreUpdate`` (its ``StoreUpdate/error``), so observing middleware such as
/// ``LoggingMiddleware`` sees it; nothing traps.
///
/// ```swift
/// let reducer = Reducer<Substates, AppAction>.substate(TasksState.self, reducer: tasksReducer) {
///     if case .tasks(let action) = $0 { action } else { nil }
/// }
/// // Dispatching `.tasks(.add("x"))` before `TasksState` is registered publishes
/// // StoreUpdate(error: .substateNotRegistered("TasksState")).
/// ```
public enum StoreError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// An action was meant for a substate of this type, but no such substate is registered.
    case substateNotRegistered(String)
    /// A reducer refused the action, with a reason (thrown by user reducers).
    case rejected(String)

    /// A readable description of the failure.
    public var description: String {
        switch self {
        case .substateNotRegistered(let type): "substate \(type) is not registered"
        case .rejected(let reason): "action rejected: \(reason)"
        }
    }
}
