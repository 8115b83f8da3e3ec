import StoreKitLite

/// The seed's (RxState's) tasks example, typed.
struct TaskItem: Sendable, Equatable {
    var title: String
}

struct TasksState: Substate, Equatable {
    var tasks: [TaskItem] = []
    var addingTask = false
}

struct SettingsState: Substate, Equatable {
    var darkMode = false
}

enum TasksAction: Sendable, Equatable {
    case startAdding
    case add(title: String)
}

enum AppAction: Sendable, Equatable, CustomStringConvertible {
    case store(StoreAction)
    case tasks(TasksAction)

    var description: String {
        switch self {
        case .store(let action): "store(\(action))"
        case .tasks(let action): "tasks(\(action))"
        }
    }
}

let tasksReducer = Reducer<TasksState, TasksAction> { state, action in
    switch action {
    case .startAdding:
        state.addingTask = true
    case .add(let title):
        state.tasks.append(TaskItem(title: title))
        state.addingTask = false
    }
}

/// RxState's main reducer, without casts or `fatalError`.
let mainReducer = Reducer<Substates, AppAction>.combine(
    .storeActions { if case .store(let action) = $0 { action } else { nil } },
    .substate(TasksState.self, reducer: tasksReducer) { if case .tasks(let action) = $0 { action } else { nil } }
)
