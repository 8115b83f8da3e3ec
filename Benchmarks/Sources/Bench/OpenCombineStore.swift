import OpenCombine

// MARK: W8 store dispatch, OpenCombine
// A minimal store as a Combine user writes it: the state in a `CurrentValueSubject`, `dispatch`
// reduces directly and sends the new state; middlewares are closures in ReSwift's shape
// (`next` in, dispatch function out). Subscribers `sink` on the subject (they get the current
// state, 0, on subscribe). Checksum N(N+1)/2 like the other W8 cells.

final class CombineStore<State, Action> {
    typealias Dispatch = (Action) -> Void
    typealias Middleware = (@escaping Dispatch) -> Dispatch

    let state: CurrentValueSubject<State, Never>
    let dispatch: Dispatch

    init(initialState: State, reducer: @escaping (inout State, Action) -> Void, middlewares: [Middleware] = []) {
        let subject = CurrentValueSubject<State, Never>(initialState)
        var dispatch: Dispatch = { action in
            var next = subject.value
            reducer(&next, action)
            subject.send(next)
        }
        for middleware in middlewares.reversed() { dispatch = middleware(dispatch) }
        self.state = subject
        self.dispatch = dispatch
    }
}

func w8OpenCombine(_ n: Int, middlewares: Int) -> Int {
    let box = SumBox()
    let passThrough: [CombineStore<Int, Increment>.Middleware] = (0..<opaque(middlewares)).map { _ in
        { next in { action in next(action) } }
    }
    let store = CombineStore<Int, Increment>(
        initialState: 0, reducer: { state, _ in state &+= 1 }, middlewares: passThrough)
    let cancellable = store.state.sink { box.sum &+= $0 }
    let action = Increment()
    for _ in 0..<opaque(n) { store.dispatch(action) }
    cancellable.cancel()
    return box.sum
}
