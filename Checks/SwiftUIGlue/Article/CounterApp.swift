// The code of the article "Using a store in a SwiftUI app" (StoreKitLite.docc), type-checked
// against the SwiftUI stand-in; Scripts/sync-doc-snippets.py copies each region into the article.
import Glue  // stands in for the SwiftUI glue StreamCore compiles where SwiftUI exists
import StoreKitLite
import SwiftUI

// snippet: SwiftUICounterState
struct Counter: Equatable, Sendable {
    var count = 0
    var step = 1
    var isAuto = false
}

enum CounterAction: Sendable {
    case increment
    case decrement
    case setStep(Int)
    case setAuto(Bool)
}

let counterReducer = Reducer<Counter, CounterAction>(mutating: { counter, action in
    switch action {
    case .increment: counter.count += counter.step
    case .decrement: counter.count -= counter.step
    case .setStep(let step): counter.step = max(1, step)
    case .setAuto(let isAuto): counter.isAuto = isAuto
    }
})
// end

// snippet: SwiftUICounterView
struct CounterView: View {
    let store: ObservableStore<Counter, CounterAction>

    var body: some View {
        VStack {
            Text("\(store.state.count)")  // re-rendered only when `count` changes
            HStack {
                Button("−") { store.send(.decrement) }
                Button("+") { store.send(.increment) }
            }
            Stepper("Step", value: Binding(store.binding(for: \.step, send: { .setStep($0) })))
            Toggle("Auto", isOn: Binding(store.binding(for: \.isAuto, send: { .setAuto($0) })))
        }
    }
}
// end

// snippet: SwiftUICounterApp
struct CounterApp: App {
    @State private var store = ObservableStore(initialState: Counter(), reducer: counterReducer)

    var body: some Scene {
        WindowGroup {
            CounterView(store: store)
        }
    }
}
// end
