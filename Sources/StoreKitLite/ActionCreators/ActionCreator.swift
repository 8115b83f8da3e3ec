public import StreamCore

/// Creates the actions to dispatch from the current state, at once or over time (RxState's
/// action creators): synchronous, `async`, or signal-returning; cancellable.
///
/// ```swift
/// let addTask = ActionCreator<AppState, AppAction>.sync { state in
///     state.isBusy ? nil : .addTask("New")
/// }
/// let load = ActionCreator<AppState, AppAction>.async { state, send in
///     send(.loading)
///     let tasks = await api.tasks(for: state.user)
///     send(.loaded(tasks))
/// }
/// let poll = ActionCreator<AppState, AppAction>.signal { _ in timer.map { _ in .refresh } }
///
/// store.dispatch(addTask)
/// let loading = store.dispatch(load)
/// loading.dispose()          // cancels: nothing more is dispatched
/// ```
///
/// Each creator is a function from the state to a signal of actions, which the store runs as
/// an effect (see ``Store/dispatch(_:)-(ActionCreator<State,Action>)``).
public struct ActionCreator<State: Sendable, Action: Sendable>: Sendable {
    /// Makes the actions for a state.
    let make: @Sendable (State) -> Signal<Action, Never>

    /// Creates an action creator from a signal-returning function.
    ///
    /// - Parameter actions: The actions to dispatch for the state at the time of dispatch.
    public init(_ actions: @escaping @Sendable (State) -> Signal<Action, Never>) {
        make = actions
    }

    /// An action creator that returns at most one action, synchronously.
    ///
    /// - Parameter create: The action for the current state, or `nil` for none.
    /// - Returns: The action creator.
    public static func sync(_ create: @escaping @Sendable (State) -> Action?) -> ActionCreator {
        ActionCreator { state in
            guard let action = create(state) else { return .completed() }
            return .just(action)
        }
    }

    /// An action creator that returns a signal of actions (RxState's observable-returning
    /// creators).
    ///
    /// - Parameter actions: The actions to dispatch, over time.
    /// - Returns: The action creator.
    public static func signal(_ actions: @escaping @Sendable (State) -> Signal<Action, Never>) -> ActionCreator {
        ActionCreator(actions)
    }

    /// An action creator that runs an `async` function in a `Task`; the function sends as many
    /// actions as it likes.
    ///
    /// Cancelling the dispatch cancels the task (cooperatively) and drops whatever it sends
    /// afterwards.
    ///
    /// - Parameters:
    ///   - priority: The task's priority; `nil` inherits the current one.
    ///   - operation: The work; receives the state at dispatch time and a sender.
    /// - Returns: The action creator.
    public static func async(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable (State, ActionSender<Action>) async -> Void
    ) -> ActionCreator {
        ActionCreator { state in
            Signal { observer in
                let task = Task(priority: priority) {
                    await operation(state, ActionSender(observer: observer))
                    observer.receive(completion: .finished)
                }
                return BlockDisposable { task.cancel() }
            }
        }
    }
}
