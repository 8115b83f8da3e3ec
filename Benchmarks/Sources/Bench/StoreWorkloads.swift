import StoreKitLite
import StreamCore

// MARK: W8 store dispatch (../shared/bench/WORKLOADS.md)
// A store of Int whose reducer adds 1 for `Increment`, one subscriber adding each state
// (including the initial 0) to the sum, the same `Increment()` value dispatched N times;
// `W8_mw0` without middleware, `W8_mw3` with 3 pass-through middlewares. Checksum N(N+1)/2.

/// The benchmark's action: one case, as ReSwift's `struct Increment: Action {}`.
struct Increment: Sendable {}

func w8Toolkit(_ n: Int, middlewares: Int) -> Int {
    let box = SumBox()
    let reducer = Reducer<Int, Increment> { state, _ in state &+= 1 }
    let passThrough = (0..<opaque(middlewares)).map { _ in Middleware<Int, Increment> { action, _ in action } }
    let store = Store(initialState: 0, reducer: reducer, middleware: passThrough)
    let subscription = store.observeNext { box.sum &+= $0 }
    let action = Increment()
    for _ in 0..<opaque(n) { store.dispatch(action) }
    subscription.dispose()
    return box.sum
}

/// ReSwift's `Action` protocol, for the baseline's existential actions.
protocol BaselineAction {}
extension Increment: BaselineAction {}

/// The same closures without locking or subscription bookkeeping: a reducer over an `Action`
/// existential, middleware composed in ReSwift's shape, and the subscriber closure.
func w8Baseline(_ n: Int, middlewares: Int) -> Int {
    let box = SumBox()
    var state: Int? = nil
    let reducer: (any BaselineAction, Int?) -> Int = opaque({ action, state in
        action is Increment ? (state ?? 0) &+ 1 : (state ?? 0)
    })
    let subscriber: (Int) -> Void = opaque({ box.sum &+= $0 })
    var dispatch: (any BaselineAction) -> Void = { action in
        let next = reducer(action, state)
        state = next
        subscriber(next)
    }
    let middleware: (@escaping (any BaselineAction) -> Void) -> (any BaselineAction) -> Void = opaque({ next in
        { action in next(action) }
    })
    for _ in 0..<opaque(middlewares) { dispatch = middleware(dispatch) }
    subscriber(state ?? 0)
    let action: any BaselineAction = Increment()
    for _ in 0..<opaque(n) { dispatch(action) }
    return box.sum
}
