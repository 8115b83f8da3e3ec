/// A marker for a part of the application state that can be registered in ``Substates`` at
/// run time (RxState's `SubstateType`).
///
/// ```swift
/// struct TasksState: Substate {
///     var tasks: [Task] = []
///     var addingTask = false
/// }
/// store.dispatch(.store(.add(states: [TasksState()])))
/// ```
///
/// Substates are keyed by their type: at most one substate of each type is registered.
public protocol Substate: Sendable {}

/// RxState's name for ``Substate``.
public typealias SubstateType = Substate
