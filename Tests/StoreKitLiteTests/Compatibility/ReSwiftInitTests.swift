import StoreKitLite
import StreamCore
import Testing
import TestSupport

private struct ReSwiftInitCounter: Sendable, Equatable {
    var value = 0
}

private enum ReSwiftInitCounterAction: ReSwiftInitAction, Equatable {
    case reSwiftInit(ReSwiftInit)
    case increase
    case nothing
}

/// Records every action a ReSwift-style reducer is called with.
private final class ReSwiftInitCounterReducer: Sendable {
    let actions = Box<[ReSwiftInitCounterAction]>([])

    func reduce(_ action: ReSwiftInitCounterAction, _ state: ReSwiftInitCounter?) -> ReSwiftInitCounter {
        actions.mutate { $0.append(action) }
        var counter = state ?? ReSwiftInitCounter(value: 10)
        if action == .increase { counter.value += 1 }
        return counter
    }
}

private final class ReSwiftInitCounterRecording: StoreSubscriber {
    let received = Box<[Int]>([])
    func newState(state: ReSwiftInitCounter) { received.mutate { $0.append(state.value) } }
}

/// ReSwift's `Store(reducer:state:middleware:automaticallySkipsRepeats:)`, its `ReSwiftInit`
/// action, and dispatching an action creator.
@Suite struct ReSwiftInitTests {
    @Test func aStoreWithoutAStateBuildsItFromReSwiftInit() {
        let reducer = ReSwiftInitCounterReducer()
        let store = Store(reducer: reducer.reduce, state: nil)
        #expect(reducer.actions.value == [.reSwiftInit(ReSwiftInit())])
        #expect(store.state == ReSwiftInitCounter(value: 10))
        store.dispatch(.increase)
        #expect(reducer.actions.value == [.reSwiftInit(ReSwiftInit()), .increase])
        #expect(store.state == ReSwiftInitCounter(value: 11))
    }

    @Test func aGivenStateIsUsedAndTheReducerNeverSeesReSwiftInit() {
        let reducer = ReSwiftInitCounterReducer()
        let store = Store(reducer: reducer.reduce, state: ReSwiftInitCounter(value: 3))
        #expect(reducer.actions.value.isEmpty)
        #expect(store.state == ReSwiftInitCounter(value: 3))
    }

    @Test func theMiddlewareRunsForDispatchedActions() {
        let reducer = ReSwiftInitCounterReducer()
        let seen = Box<[ReSwiftInitCounterAction]>([])
        let recordAll = Middleware<ReSwiftInitCounter, ReSwiftInitCounterAction> { action, _ in
            seen.mutate { $0.append(action) }
            return action
        }
        let store = Store(reducer: reducer.reduce, state: nil, middleware: [recordAll])
        store.dispatch(.increase)
        #expect(seen.value == [.increase])  // ReSwiftInit is reduced in init, without the middleware
        #expect(store.state == ReSwiftInitCounter(value: 11))
    }

    @Test func untypedActionsGetAReSwiftInitValue() {
        let first = Box<String>("")
        let store = Store<ReSwiftInitCounter, any Sendable>(
            reducer: { action, state in
                if state == nil { first.value = String(describing: type(of: action)) }
                return state ?? ReSwiftInitCounter(value: action is ReSwiftInit ? 1 : -1)
            },
            state: nil
        )
        #expect(first.value == "ReSwiftInit")
        #expect(store.state == ReSwiftInitCounter(value: 1))
    }

    @Test func automaticallySkipsRepeatsChoosesWhetherSubscribersSeeRepeatedStates() {
        let reducer = ReSwiftInitCounterReducer()
        let skipping = Store(reducer: reducer.reduce, state: ReSwiftInitCounter())
        let keeping = Store(reducer: reducer.reduce, state: ReSwiftInitCounter(), automaticallySkipsRepeats: false)
        let skipped = ReSwiftInitCounterRecording()
        let kept = ReSwiftInitCounterRecording()
        let keptSelection = ReSwiftInitCounterRecording()
        skipping.subscribe(skipped)
        keeping.subscribe(kept)
        keeping.subscribe(keptSelection) { $0.select { $0 } }
        for store in [skipping, keeping] {
            store.dispatch(.nothing)
            store.dispatch(.increase)
        }
        #expect(skipped.received.value == [0, 1])
        #expect(kept.received.value == [0, 0, 1])
        #expect(keptSelection.received.value == [0, 0, 1])
    }

    @Test func dispatchingAnActionCreatorDispatchesWhatItMakesFromTheCurrentState() {
        let reducer = ReSwiftInitCounterReducer()
        let store = Store(reducer: reducer.reduce, state: ReSwiftInitCounter())
        let increaseOnce: (ReSwiftInitCounter, Store<ReSwiftInitCounter, ReSwiftInitCounterAction>) -> ReSwiftInitCounterAction? = { state, _ in
            state.value < 1 ? .increase : nil
        }
        store.dispatch(increaseOnce)
        store.dispatch(increaseOnce)
        store.dispatch { state, store in state.value == 1 && store.subscriberCount == 0 ? .increase : nil }
        #expect(store.state == ReSwiftInitCounter(value: 2))
        #expect(reducer.actions.value == [.increase, .increase])
    }
}
