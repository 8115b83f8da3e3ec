import StoreKitLite

enum CounterAction: Sendable, Equatable {
    case increment
    case decrement
    case add(Int)
}

let counterReducer = Reducer<Int, CounterAction> { state, action in
    switch action {
    case .increment: state += 1
    case .decrement: state -= 1
    case .add(let amount): state += amount
    }
}
