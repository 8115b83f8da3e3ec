public import StreamCore
public import Synchronization

/// A container of one immutable application state that changes only by dispatching actions
/// through middleware to a pure reducer (Redux; RxState's and ReSwift's `Store`).
///
/// ```swift
/// enum CounterAction: Sendable { case increment, decrement }
/// let store = Store(initialState: 0, reducer: Reducer<Int, CounterAction> { state, action in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// })
/// store.observeNext { print("count:", $0) }.dispose(in: bag)   // prints 0 at once
/// store.dispatch(.increment)                                 // prints 1
/// store.select(\.self).observeNext { _ in }                  // only distinct values
/// ```
///
/// The store is a `PropertyProtocol`: ``value`` (also ``state``) is the current
/// state, and observing it replays the current state first, then every new state.
///
/// Thread safety and order (see `Docs/Decisions/0011-store.md`):
/// - ``dispatch(_:)->()`` may be called from any thread. Actions run through the middleware and the
///   reducer one at a time, in the order the store accepted them.
/// - The thread that finds the store idle takes the *dispatch role*: it runs the action, notifies
///   the observers, and then runs whatever was dispatched meanwhile, in order, before it returns.
///   A dispatch from another thread during that time, or from inside a middleware, an observer
///   or an effect, is queued and returns at once: dispatching never recurses and never blocks on
///   user code.
/// - Observers receive the states in order, one at a time, never while a lock is held. They are
///   called on the thread holding the dispatch role (usually the dispatching thread) unless the
///   store was created with another `notifyOn` context, or the observation uses
///   `receive(on:)`.
public final class Store<State: Sendable, Action: Sendable>: PropertyProtocol, @unchecked Sendable {
    // @unchecked Sendable: `pending` is guarded by `mutex`; `current` belongs to the dispatch
    // role (taken and given back through the atomic `role` with acquire/release ordering, see
    // `enqueue`); every other stored property is immutable after `init`.

    /// The state type, as a property's value.
    public typealias Value = State
    /// The element type of the state signal.
    public typealias Element = State
    /// The state signal never fails.
    public typealias Error = Never

    /// An action waiting for the dispatch role, and the middleware it starts at.
    @usableFromInline
    struct Pending {
        @usableFromInline let action: Action
        @usableFromInline let start: Int

        @inlinable
        init(action: Action, start: Int) {
            self.action = action
            self.start = start
        }
    }

    /// A middleware with its context, built once.
    @usableFromInline
    struct Link {
        @usableFromInline let intercept: Middleware<State, Action>.Intercept
        @usableFromInline let context: MiddlewareContext<State, Action>
    }

    /// Nobody holds the dispatch role.
    @usableFromInline
    package static var idle: Int { 0 }
    /// A thread holds the role and nothing was queued.
    @usableFromInline
    static var busy: Int { 1 }
    /// A thread holds the role and actions may be queued: it drains them under the mutex.
    @usableFromInline
    static var draining: Int { 2 }

    @usableFromInline
    let mutex = PThreadMutex()
    /// The dispatch role: `idle`, `busy` or `draining`. Taken from `idle` and given back from
    /// `busy` lock-free; every change to or from `draining` happens with `mutex` held.
    @usableFromInline
    package let role = Atomic<Int>(0)
    /// Actions dispatched while the role was held. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var pending = FIFOQueue<Pending>()
    /// The state the reducer works on. Dispatch role only.
    @exclusivity(unchecked)
    @usableFromInline
    var current: State
    @usableFromInline
    let reducer: Reducer<State, Action>.Reduce
    /// The first state, the fallback of `state` (never used: the core always holds an update).
    let initialState: State
    /// The middleware chain; set once in `init`, before the store is shared.
    @exclusivity(unchecked)
    @usableFromInline
    var links: ContiguousArray<Link> = []
    /// Publishes one update per reduced action and replays the latest one.
    @usableFromInline
    let core: SubjectCore<StoreUpdate<State, Action>, Never>
    /// Where observers are notified (`.immediate`: on the dispatching thread).
    @usableFromInline
    let notificationContext: ExecutionContext
    /// Running effects, by cancellation identifier.
    let effects = EffectRegistry()
    /// Shared key-path selections.
    let selections = SelectionHub()
    /// The observing middleware, kept for the store's lifetime: RxState-style middleware holds its
    /// subscription in its own dispose bag, so it must live as long as the store it observes.
    let observingMiddleware: [any ObservingMiddleware<State, Action>]
    /// Counts the store in `Resources` until its deinit (debug builds only; empty in release).
    let resourceToken = Resources.track(.stores)

    /// Creates a store.
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: AppState(),
    ///     reducer: appReducer,
    ///     middleware: [Middleware.passThrough],
    ///     observers: [LoggingMiddleware()]
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state; observers receive it when they register.
    ///   - reducer: The pure function that computes each next state.
    ///   - middleware: Interceptors every action passes through, in order, before the reducer.
    ///   - observers: Middleware that observes each state with the action that produced it
    ///     (RxState's `MiddlewareType`), such as ``LoggingMiddleware`` or ``ActionRecorder``.
    ///   - notifyOn: Where state observers are called. `.immediate` (the default) calls them
    ///     synchronously on the thread that holds the dispatch role; another context (say
    ///     `.main`) delivers there, still in order.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate
    ) {
        current = initialState
        self.initialState = initialState
        self.reducer = reducer.reduce
        core = SubjectCore(replay: 1, initial: StoreUpdate(state: initialState, lastAction: nil))
        notificationContext = notifyOn
        observingMiddleware = observers
        links = ContiguousArray(middleware.enumerated().map { index, middleware in
            Link(intercept: middleware.intercept, context: MiddlewareContext(store: self, index: index))
        })
        for observer in observers {
            observer.observe(currentStateLastAction: updates)
        }
    }

    deinit {
        effects.cancelAll(close: true)
        core.send(.completed)
        core.close()
        mutex.deallocate()
    }

    /// The current state: the state after the last action the store reduced.
    ///
    /// Read from an observer, it is the state being delivered or a later one.
    public var state: State {
        // The core is created with an initial update and its latest element is never cleared.
        core.latest?.state ?? initialState
    }

    /// The current state (the `PropertyProtocol` spelling of ``state``).
    public var value: State { state }

    /// Dispatches an action: the only way to change the state.
    ///
    /// The action goes through the middleware, then the reducer; observers then receive the new
    /// state. If the store is idle, all of this happens on the calling thread before `dispatch`
    /// returns; otherwise (another thread is dispatching, or this is called from a middleware,
    /// an observer or an effect) the action is queued and runs after the ones before it.
    ///
    /// ```swift
    /// store.dispatch(.increment)
    /// ```
    ///
    /// - Parameter action: The action.
    /// - Complexity: O(1) besides the middleware, the reducer and the observers; no allocation.
    @inlinable
    public func dispatch(_ action: Action) {
        enqueue(action, from: 0)
    }

    /// RxState's spelling of ``dispatch(_:)->()``.
    ///
    /// - Parameter action: The action.
    @inlinable
    public func dispatch(action: Action) {
        enqueue(action, from: 0)
    }

    /// Runs an action from middleware `start` on, now if the role is free, else queued.
    ///
    /// Fast path (no contention): take the role with one compare-and-swap, run the action, and
    /// give the role back with another. Slow path: under the mutex, either take the role after
    /// all (it was released meanwhile) or queue the action and mark the role `draining`, so
    /// that the holder's lock-free release fails and it drains the queue under the mutex.
    @inlinable
    package func enqueue(_ action: Action, from start: Int) {
        if role.compareExchange(expected: Self.idle, desired: Self.busy, ordering: .acquiring).exchanged {
            process(action, from: start)
            release()
            return
        }
        mutex.lock()
        while true {
            let observed = role.load(ordering: .acquiring)
            if observed == Self.idle {
                if role.compareExchange(expected: Self.idle, desired: Self.busy, ordering: .acquiring).exchanged {
                    mutex.unlock()
                    process(action, from: start)
                    release()
                    return
                }
                continue
            }
            if observed == Self.busy,
                !role.compareExchange(expected: Self.busy, desired: Self.draining, ordering: .acquiringAndReleasing)
                    .exchanged
            {
                continue
            }
            pending.append(Pending(action: action, start: start))
            mutex.unlock()
            return
        }
    }

    /// Gives the role back, first running what was queued meanwhile, in order. Role holder only.
    @inlinable
    func release() {
        if role.compareExchange(expected: Self.busy, desired: Self.idle, ordering: .releasing).exchanged {
            return
        }
        drain()
    }

    /// Runs queued actions in order, then gives the role back. Role holder, role `draining`.
    @usableFromInline
    func drain() {
        while true {
            mutex.lock()
            guard let next = pending.popFirst() else {
                role.store(Self.idle, ordering: .releasing)
                mutex.unlock()
                return
            }
            mutex.unlock()
            process(next.action, from: next.start)
        }
    }

    /// Runs the middleware chain from `start`, then the reducer, then notifies. Role holder only.
    @inlinable
    func process(_ action: Action, from start: Int) {
        var action = action
        var index = start
        let count = links.count
        while index < count {
            let link = links[index]
            guard let passed = link.intercept(action, link.context) else { return }
            action = passed
            index &+= 1
        }
        var next = current
        do throws(StoreError) {
            try reducer(&next, action)
        } catch {
            core.send(.next(StoreUpdate(state: current, lastAction: action, error: error)))
            return
        }
        current = next
        core.send(.next(StoreUpdate(state: next, lastAction: action)))
    }
}
