import TestSupport
import Dispatch
import StreamCore
import Testing
@testable import StoreKitLite

@Suite struct StoreTests {
    @Test func dispatchReducesAndObserversReceiveCurrentStateFirst() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let seen = Box<[Int]>([])
        let subscription = store.observeNext { seen.append($0) }
        store.dispatch(.increment)
        store.dispatch(action: .add(10))
        #expect(seen.value == [0, 1, 11])
        #expect(store.state == 11)
        #expect(store.value == 11)
        subscription.dispose()
    }

    @Test func subscriptionEndsWithItsDisposeBag() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let seen = Box<[Int]>([])
        var bag: DisposeBag? = DisposeBag()
        store.observeNext { seen.append($0) }.dispose(in: bag!)
        store.dispatch(.increment)
        bag = nil
        store.dispatch(.increment)
        #expect(seen.value == [0, 1])
    }

    @Test func dispatchFromAnObserverIsQueuedNotRecursive() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let depth = Box(0)
        let maxDepth = Box(0)
        let seen = Box<[Int]>([])
        let subscription = store.observeNext { [weak store] state in
            depth.mutate { $0 += 1 }
            maxDepth.mutate { $0 = max($0, depth.value) }
            seen.append(state)
            if state < 1_000 { store?.dispatch(.increment) }
            depth.mutate { $0 -= 1 }
        }
        // The observer received the current state (0) at once and kept dispatching from there.
        #expect(store.state == 1_000)
        #expect(seen.value == Array(0...1_000))
        #expect(maxDepth.value == 1)
        subscription.dispose()
    }

    @Test func eightThreadsDispatchingAreReducedOneAtATimeInOrder() async {
        struct Log: Sendable, Equatable {
            var perThread: [Int: [Int]] = [:]
            var count = 0
        }
        enum Tagged: Sendable { case from(thread: Int, sequence: Int) }
        let reducer = Reducer<Log, Tagged> { state, action in
            if case .from(let thread, let sequence) = action {
                state.perThread[thread, default: []].append(sequence)
                state.count += 1
            }
        }
        let store = Store(initialState: Log(), reducer: reducer)
        let counts = Box<[Int]>([])
        let subscription = store.observeNext { counts.append($0.count) }
        let perThread = 500
        runConcurrently(threads: 8) { thread in
            for sequence in 0..<perThread { store.dispatch(.from(thread: thread, sequence: sequence)) }
        }
        // A holder runs a fair share of other threads' actions, then a background drain runs the rest.
        await store.drained()
        #expect(store.state.count == 8 * perThread)
        for thread in 0..<8 {
            #expect(store.state.perThread[thread] == Array(0..<perThread))
        }
        // Observers received every state, in order, one at a time.
        #expect(counts.value == Array(0...(8 * perThread)))
        subscription.dispose()
    }

    @Test func observersCanBeNotifiedOnAChosenContext() {
        let queue = DispatchQueue(label: "store.observers")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let store = Store(initialState: 0, reducer: counterReducer, notifyOn: queue.context)
        let onQueue = Box<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        let subscription = store.observeNext { state in
            onQueue.append(DispatchQueue.getSpecific(key: key) == true)
            if state == 3 { done.signal() }
        }
        for _ in 0..<3 { store.dispatch(.increment) }
        #expect(done.wait(timeout: generousDeadline()) == .success)
        #expect(onQueue.value == [true, true, true, true])
        subscription.dispose()
    }

    @Test func everyKindOfObservationHonoursTheNotificationContext() {
        let queue = DispatchQueue(label: "store.observers.all")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let store = Store(initialState: 0, reducer: counterReducer, notifyOn: queue.context)
        let onQueue = Box<[String: [Bool]]>([:])
        let done = DispatchSemaphore(value: 0)
        @Sendable func record(_ name: String, _ state: Int) {
            onQueue.mutate { $0[name, default: []].append(DispatchQueue.getSpecific(key: key) == true) }
            if state == 2 { done.signal() }
        }
        let bag = DisposeBag()
        store.states.observeNext { record("states", $0) }.dispose(in: bag)
        store.updates.observeNext { record("updates", $0.state) }.dispose(in: bag)
        store.select(\.self).observeNext { record("keyPath", $0) }.dispose(in: bag)
        store.select { $0 }.observeNext { record("closure", $0) }.dispose(in: bag)
        store.select(id: "same") { $0 }.observeNext { record("identified", $0) }.dispose(in: bag)
        store.dispatch(.increment)
        store.dispatch(.increment)
        for _ in 0..<5 { #expect(done.wait(timeout: generousDeadline()) == .success) }
        #expect(onQueue.value.count == 5)
        for (name, flags) in onQueue.value {
            #expect(flags == [true, true, true], "\(name) was notified off the chosen context")
        }
    }

    @Test func byDefaultObserversRunOnTheDispatchingThreadBeforeDispatchReturns() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "store.dispatcher")
        queue.setSpecific(key: key, value: 7)
        let seen = Box<[Int?]>([])
        let subscription = store.states.skip(first: 1).observeNext { _ in seen.append(DispatchQueue.getSpecific(key: key)) }
        queue.sync { store.dispatch(.increment) }
        #expect(seen.value == [7])  // delivered on the dispatching queue, already done
        // One observation can still move elsewhere with receive(on:).
        let elsewhere = DispatchQueue(label: "store.elsewhere")
        let moved = DispatchSemaphore(value: 0)
        let other = store.states.receive(on: elsewhere.context).observeNext { state in
            if state == 2, DispatchQueue.getSpecific(key: key) == nil { moved.signal() }
        }
        queue.sync { store.dispatch(.increment) }
        #expect(moved.wait(timeout: generousDeadline()) == .success)
        subscription.dispose()
        other.dispose()
    }

    @Test func storeGoingAwayCompletesItsObserversAndIsNotRetainedByThem() {
        var store: Store<Int, CounterAction>? = Store(initialState: 0, reducer: counterReducer)
        let weakStore = WeakRef(store!)
        let completed = Box(false)
        let subscription = store!.observe { event in
            if case .completed = event { completed.mutate { $0 = true } }
        }
        store = nil
        #expect(weakStore.object == nil)
        #expect(completed.value)
        subscription.dispose()
    }

    @Test func noRetainCycleBetweenStoreMiddlewareObserversAndEffects() {
        let bag = DisposeBag()
        var store: Store<Int, CounterAction>? = Store(
            initialState: 0,
            reducer: counterReducer,
            middleware: [
                .passThrough,
                Middleware { action, context in
                    _ = context.state
                    return action
                },
            ],
            observers: [LoggingMiddleware(sink: { _ in })]
        )
        let weakStore = WeakRef(store!)
        store!.observeNext { _ in }.dispose(in: bag)
        store!.select(\.self).observeNext { _ in }.dispose(in: bag)
        store!.select(id: "count") { $0 }.observeNext { _ in }.dispose(in: bag)
        store!.select { $0 % 2 }.observeNext { _ in }.dispose(in: bag)
        store!.attach(effect: { states in states.compactMap { $0 < 3 ? CounterAction.increment : nil } })
        #expect(store!.state == 3)
        store = nil
        #expect(weakStore.object == nil)
    }
}
