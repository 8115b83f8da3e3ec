import TestSupport
import StoreKitLite
import StreamCore
import Testing

/// A store, its reducer, middleware, observing middleware, subscribers, selections and effects
/// release everything they captured when the store or the observation goes away, and leave no
/// counted resource (store, effect, observation, subject observer) behind.
@Suite struct StoreLeakTests {
    private static func keep(_ sentinel: Sentinel) { withExtendedLifetime(sentinel) {} }

    /// Observing middleware that captures a sentinel and keeps its observation in a bag.
    private final class SentinelMiddleware: ObservingMiddleware {
        let disposeBag = DisposeBag()
        let sentinel: Sentinel
        init(_ sentinel: Sentinel) { self.sentinel = sentinel }

        func observe(currentStateLastAction: Signal<StoreUpdate<Int, CounterAction>, Never>) {
            let sentinel = sentinel
            currentStateLastAction.observeNext { _ in StoreLeakTests.keep(sentinel) }.dispose(in: disposeBag)
        }
    }

    private static func makeStore(_ sentinel: Sentinel) -> Store<Int, CounterAction> {
        let reducer = Reducer<Int, CounterAction> { state, action throws(StoreError) in
            keep(sentinel)
            try counterReducer(&state, action)
        }
        let middleware = Middleware<Int, CounterAction> { action, context in
            keep(sentinel)
            if action == .add(100) { context.dispatch(.increment) }
            return action
        }
        return Store(
            initialState: 0, reducer: reducer, middleware: [middleware, .passThrough],
            observers: [SentinelMiddleware(sentinel)])
    }

    @Test func aStoreGoingAwayReleasesEverything() {
        weak var weakSentinel: Sentinel?
        weak var weakStore: Store<Int, CounterAction>?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let store = Self.makeStore(sentinel)
            weakStore = store
            store.dispatch(.increment)
            store.dispatch(.add(100))
            // Subscribers, a selection and effects that are never disposed: the store ends them.
            _ = store.states.observeNext { _ in Self.keep(sentinel) }
            _ = store.select { $0 % 2 }.observeNext { _ in Self.keep(sentinel) }
            _ = store.select(\.self).observeNext { _ in Self.keep(sentinel) }
            store.run(
                Signal<CounterAction, Never>.never().map { action in
                    Self.keep(sentinel); return action
                })
            store.attach { states in
                states.filter { _ in
                    Self.keep(sentinel); return false
                }.map { _ in .increment }
            }
            #expect(store.state == 102)
        }
        #expect(weakStore == nil)
        #expect(weakSentinel == nil)
    }

    @Test func disposedSubscribersAndEffectsAreReleasedWhileTheStoreLives() {
        let store = Store(initialState: 0, reducer: counterReducer)
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let subscriber = store.states.observeNext { _ in Self.keep(sentinel) }
            let selection = store.select { $0 * 2 }.observeNext { _ in Self.keep(sentinel) }
            let keyPathSelection = store.select(\.self).observeNext { _ in Self.keep(sentinel) }
            let effect = store.run(
                Signal<CounterAction, Never>.never().map {
                    Self.keep(sentinel); return $0
                })
            let attached = store.attach { states in
                states.compactMap { _ in
                    Self.keep(sentinel); return nil
                }
            }
            store.dispatch(.increment)
            for disposable in [subscriber, selection, keyPathSelection, effect, attached] { disposable.dispose() }
        }
        #expect(weakSentinel == nil)
        #expect(store.state == 1)
    }

    @Test func effectsCancelledByIdentifierOrCompletedAreReleased() {
        enum EffectID: Hashable, Sendable { case search }
        let store = Store(initialState: 0, reducer: counterReducer)
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            store.run(
                Signal<CounterAction, Never>.never().map {
                    Self.keep(sentinel); return $0
                }, id: EffectID.search)
            store.run(
                Signal<CounterAction, Never>.never().map {
                    Self.keep(sentinel); return $0
                }, id: EffectID.search,
                cancelInFlight: true)
            store.run(
                Signal.just(.increment).map {
                    Self.keep(sentinel); return $0
                })
            store.cancel(id: EffectID.search)
        }
        #expect(weakSentinel == nil)
        #expect(store.state == 1)
        #expect(store.runningEffectCount(id: EffectID.search) == 0)
    }

    #if DEBUG
    @Test func theStoreAndItsEffectsAreCounted() {
        let scope = ResourceScope()
        var store: Store<Int, CounterAction>? = scope.bind { Store(initialState: 0, reducer: counterReducer) }
        #expect(scope.liveCount(of: .stores) == 1)
        let effect = scope.bind { store!.run(Signal<CounterAction, Never>.never()) }
        #expect(scope.liveCount(of: .effects) == 1)
        effect.dispose()
        #expect(scope.liveCount(of: .effects) == 0)
        _ = scope.bind { store!.run(Signal<CounterAction, Never>.never()) }
        #expect(scope.liveCount(of: .effects) == 1)
        store = nil
        #expect(scope.liveCount(of: .stores) == 0)
        #expect(scope.liveCount(of: .effects) == 0)
    }
    #endif
}
