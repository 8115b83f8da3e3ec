// The list-with-rows example of "Using a store in a SwiftUI app", type-checked against the
// SwiftUI stand-in.
import Glue  // stands in for the SwiftUI glue StreamCore compiles where SwiftUI exists
import StoreKitLite
import SwiftUI

// snippet: SwiftUITodoState
struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
}

enum TodoAction: Sendable {
    case rename(String)
    case setDone(Bool)
}

struct Todos: Equatable, Sendable {
    var items: IdentifiedArrayOf<Todo> = []
    var nextID = 0
}

enum TodosAction: Sendable {
    case add(String)
    case remove(id: Int)
    case todo(id: Int, TodoAction)
}

let todosReducer = Reducer<Todos, TodosAction>(mutating: { todos, action throws(StoreError) in
    switch action {
    case .add(let title):
        todos.items.append(Todo(id: todos.nextID, title: title))
        todos.nextID += 1
    case .remove(let id):
        todos.items.remove(id: id)
    case .todo(let id, let action):
        guard todos.items[id: id] != nil else { throw StoreError.rejected("no todo \(id)") }
        switch action {
        case .rename(let title): todos.items[id: id]?.title = title
        case .setDone(let isDone): todos.items[id: id]?.isDone = isDone
        }
    }
})
// end

// snippet: SwiftUITodoViews
struct TodoListView: View {
    let store: ObservableStore<Todos, TodosAction>

    var body: some View {
        NavigationStack {
            List {
                // Depends on which todos there are, not on their contents.
                ForEach(store.scope(forEach: \.items, action: { .todo(id: $0, $1) })) { todo in
                    TodoRow(store: todo)
                }
            }
            .navigationTitle("Todos")
        }
        Button("Add") { store.send(.add("New todo")) }
    }
}

struct TodoRow: View {
    let store: ObservableStore<Todo, TodoAction>

    var body: some View {
        // Only this row is re-rendered when its todo changes.
        HStack {
            Toggle("Done", isOn: Binding(store.binding(for: \.isDone, send: { .setDone($0) })))
            TextField("Title", text: Binding(store.binding(for: \.title, send: { .rename($0) })))
        }
    }
}
// end
