public import StreamCore
public import Synchronization

/// A container of one application state that changes only by dispatching actions through
/// middleware to a pure reducer (Redux; RxState's and ReSwift's `Store`, TCA's root store).
///
/// ```swift
/// enum CounterAction: Sendable { case increment, decrement }
/// let store = Store(initialState: 0, reducer: Reducer<Int, CounterAction>(mutating: { state, action in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// }))
/// store.observeNext { print("count:", $0) }.dispose(in: bag)   // prints 0 at once
/// store.dispatch(.increment)                                 // prints 1
/// let count = try await store.send(.increment)               // 2: the state this action made
/// ```
///
/// The store is a `PropertyProtocol`: ``value`` (also ``state``) is the current state, and
/// observing it replays the current state first, then every new state.
///
/// Thread safety and order (see `Docs/Decisions/0011-store.md` and `0014`):
/// - ``dispatch(_:)-(Action)`` and ``send(_:)`` may be called from any thread. Actions run through the
///   middleware and the reducer one at a time, in the order the store accepted them.
/// - The thread that finds the store idle takes the *dispatch role*: it runs the action,
///   notifies the observers and the effects, and then runs whatever was dispatched meanwhile,
///   in order. A dispatch from another thread during that time, or from inside a middleware,
///   an observer or an effect, is queued and returns at once: dispatching never recurses and
///   never blocks on user code (except a full `.suspend` queue, below).
/// - Fair share: the holder runs everything it queued itself (its middleware's, observers' and
///   effects' dispatches on its thread), but at most 64 actions other threads queued; then a
///   thread of the store's own takes the role and the rest of the queue, and the holder
///   returns. So a `dispatch` or `send` costs its caller its own action and at most 64 others,
///   however fast other threads produce, and an action another thread queued may still be
///   waiting after that thread's `dispatch` returned: ``drained()`` waits for the queue to run
///   dry.
/// - Bounded queue: `queue: .bounded(n, whenFull: …)` keeps at most `n` outside actions queued
///   behind the holder and says what happens to one more: wait for room (`send` suspends,
///   `dispatch` blocks its thread), refuse it with `StoreError.queueFull`, or drop the oldest
///   (``ActionQueuePolicy``). Unbounded by default. A holder's own dispatches are never bounded.
/// - The dispatch role is StreamCore's delivery role (`DeliveryRole`), *compare-and-swap*
///   specialisation, never closed (``close()`` only stops outside actions at the door): while
///   nothing is queued the role is taken and given back lock-free through the atomic `gate`
///   (idle → held by this thread → idle); the first action queued behind a holder hands the
///   role to the `DeliveryRole` under the lock (`gate` locked), whose queue the holder then
///   drains with `next()` and gives back, or hands to the background drain, under the lock.
/// - The reducer changes the stored state in place: a dispatch costs O(1) in the state's size
///   (no copy of a collection the reducer changes) unless someone still holds an older state.
/// - Observers receive the states in order, one at a time, never while a lock is held. They are
///   called on the thread holding the dispatch role (usually the dispatching thread) unless the
///   store was created with another `notifyOn` context, or the observation uses `receive(on:)`.
public final class Store<State: Sendable, Action: Sendable>: PropertyProtocol, @unchecked Sendable {
    // @unchecked Sendable: `lockedLine` is a LockedState; the state (in `cell`) is changed only
    // by the dispatch-role holder (taken and given back through the atomic `gate` with
    // acquire/release ordering, see `enqueue`) and read through the cell's gate; the middleware
    // links (`linkStorage`, `linkCount`) are written in `init` before the store is shared and
    // afterwards only by the role holder, which alone reads them (`replacement`); every other
    // stored property is immutable or thread-safe.

    /// The state type, as a property's value.
    public typealias Value = State
    /// The element type of the state signal.
    public typealias Element = State
    /// The state signal never fails.
    public typealias Error = Never

    /// An action waiting for the dispatch role: where it starts in the middleware chain, who
    /// waits for its outcome, and the effect group it belongs to.
    @usableFromInline
    struct Pending {
        @usableFromInline let action: Action
        @usableFromInline let start: Int
        @usableFromInline let outcome: ActionOutcome<State>?
        @usableFromInline let group: EffectGroup?
        /// Queued by a thread other than the role holder (it counts against the holder's fair
        /// share, ``Store/fairShare``). Set when queued.
        @usableFromInline var foreign = false
        /// An outside action a foreign thread queued: it counts against a bounded queue's
        /// capacity, and ``ActionQueuePolicy/Overflow/dropOldest`` may drop it. Set when queued.
        @usableFromInline var bounded = false
        /// The dependencies it runs with; `nil`: those in force on the thread that runs it, its
        /// sender's (set when it is queued for another thread, `DependencyScope.queued`).
        @usableFromInline var dependencies: DependencyScope?

        @inlinable
        init(action: Action, start: Int, outcome: ActionOutcome<State>? = nil, group: EffectGroup? = nil, dependencies: DependencyScope? = nil) {
            self.action = action
            self.start = start
            self.outcome = outcome
            self.group = group
            self.dependencies = dependencies
        }
    }

    /// A middleware with its context, built once. A class, so that dispatch borrows it and its
    /// immutable closures at +0 (a struct copied out of an array retains its three references).
    @usableFromInline
    final class Link {
        @usableFromInline let intercept: Middleware<State, Action>.Intercept?
        @usableFromInline let holding: Middleware<State, Action>.HoldingIntercept?
        @usableFromInline let context: MiddlewareContext<State, Action>

        init(
            intercept: Middleware<State, Action>.Intercept?, holding: Middleware<State, Action>.HoldingIntercept?,
            context: MiddlewareContext<State, Action>
        ) {
            self.intercept = intercept
            self.holding = holding
            self.context = context
        }
    }

    /// The dispatch role's fast path, and who holds the role: one word, the holder's thread
    /// (``ThreadIdentity``, shifted left by two) and two state bits. Taken from `idle` and given
    /// back from `held` lock-free; every change to or from `locked` happens inside
    /// `lockedLine`'s lock.
    /// - `0`, idle: nobody holds the role (the locked role is idle and its queue empty);
    /// - `holder | held`: a thread took the role by compare-and-swap and nothing was queued
    ///   behind it; it gives the role back with another compare-and-swap;
    /// - `holder | locked`: actions were queued behind the holder, the role is the locked
    ///   ``DeliveryRole``'s (`delivering`), and the holder drains its queue and gives the role
    ///   back (or hands it to a background drain) under the lock. The holder is 0 while a
    ///   background drain is scheduled and has not started.
    ///
    /// The holder's thread tells a re-entrant dispatch (a middleware, an observer or an effect
    /// on the holding thread, never bounded or delayed) from another thread's.
    @usableFromInline
    let gate = Atomic<UInt>(0)
    /// The dispatch role once actions are queued (never closed): its queue holds the actions
    /// dispatched while the role was held. Idle whenever `gate` is not `locked`.
    @usableFromInline
    let lockedLine = LockedState(DispatchLine())
    /// The bound on outside actions queued behind the holder.
    @usableFromInline
    let queuePolicy: ActionQueuePolicy
    /// The state, changed in place by the role holder.
    @usableFromInline
    let cell: StateCell<State, Action>
    @usableFromInline
    let reducer: Reducer<State, Action>.Reduce
    /// The middleware chain, `linkCount` links; written in `init`, before the store is shared,
    /// replaced only by the role holder (see ``Store/middleware``), and released in `deinit`.
    /// Not an array: dispatch reads it in place, without retaining an array's storage.
    @exclusivity(unchecked)
    @usableFromInline
    var linkStorage: UnsafeMutablePointer<Link>
    /// The number of middleware links. Role holder (and `init`, `deinit`).
    @exclusivity(unchecked)
    @usableFromInline
    var linkCount: Int
    /// The chain `store.middleware = …` asked for, until the role holder installs it.
    @usableFromInline
    let replacement: MiddlewareReplacement<State, Action>
    /// Publishes one update per processed action. Keeps no copy of the state: a new observer's
    /// first update is read from `cell`.
    @usableFromInline
    let core = SubjectCore<StoreUpdate<State, Action>, Never>(tracksLatest: false)
    /// Hands each new state to the attached effects, with the effect group of its action.
    @usableFromInline
    let effectCore = SubjectCore<EffectInput<State>, Never>(tracksLatest: false)
    /// Whether external actions are still accepted (``close()`` turns it off).
    @usableFromInline
    let accepting = Atomic<Bool>(true)
    /// Where observers are notified (`.immediate`: on the dispatching thread).
    @usableFromInline
    let notificationContext: ExecutionContext
    /// Counts every effect in flight and every action an effect sent, for shutdown.
    @usableFromInline
    let rootGroup = EffectGroup()
    /// Running effects, by cancellation identifier.
    let effects = EffectRegistry()
    /// Shared key-path selections.
    let selections = SelectionHub()
    /// The `StoreSubscriber` objects' observations (ReSwift's `subscribe(_:)`).
    let subscribers = SubscriberRegistry()
    /// The observing middleware, kept for the store's lifetime: RxState-style middleware holds its
    /// subscription in its own dispose bag, so it must live as long as the store it observes.
    let observingMiddleware: [any ObservingMiddleware<State, Action>]
    /// Counts the store in `Resources` until its deinit (debug builds only; empty in release).
    let resourceToken = Resources.track(.stores)
    /// The dependencies in force at `init`, with its changes (``dependencies``); `nil`: none.
    @usableFromInline
    let dependencyScope: DependencyScope?

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
    ///   - notifyOn: Where state observers and effects are called. `.immediate` (the default)
    ///     calls them synchronously on the thread that holds the dispatch role; another context
    ///     (say `.main`) delivers there, still in order.
    ///   - queue: How many actions from outside may wait while the store is busy, and what
    ///     happens to one more (``ActionQueuePolicy``); unbounded by default.
    ///   - prepareDependencies: Overrides dependencies for what the store runs, over those in
    ///     force here (TCA's `withDependencies:`; see ``dependencies``).
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate,
        queue: ActionQueuePolicy = .unbounded,
        withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
    ) {
        dependencyScope = Self.captureDependencies(prepareDependencies)
        queuePolicy = queue
        cell = StateCell(initialState)
        self.reducer = reducer.reduce
        notificationContext = notifyOn
        observingMiddleware = observers
        linkCount = middleware.count
        linkStorage = .allocate(capacity: middleware.count)
        replacement = MiddlewareReplacement(middleware)
        Self.initializeLinks(linkStorage, with: middleware, of: self)
        for observer in observers {
            observer.observe(currentStateLastAction: updates)
        }
    }

    deinit {
        effects.cancelAll(close: true)
        rootGroup.cancel()
        core.send(.completed)
        core.close()
        effectCore.send(.completed)
        effectCore.close()
        linkStorage.deinitialize(count: linkCount)
        linkStorage.deallocate()
    }

    /// The current state: the state after the last action the store reduced.
    ///
    /// Any thread may read it. Read while a reducer runs on another thread, it waits for that
    /// reducer to return (never for middleware or observers); read from an observer, it is the
    /// state being delivered or a later one. O(1): collections in it are shared, not copied.
    public var state: State {
        cell.state
    }

    /// The current state (the `PropertyProtocol` spelling of ``state``).
    public var value: State { state }

    /// Dispatches an action: the only way to change the state. Fire and forget; to learn the
    /// action's outcome, use ``send(_:)``.
    ///
    /// The action goes through the middleware, then the reducer; observers then receive the new
    /// state. If the store is idle, all of this happens on the calling thread before `dispatch`
    /// returns, and so does what it queues itself, plus at most 64 actions other threads queued
    /// meanwhile (the rest go to a background drain); otherwise (another thread is dispatching,
    /// or this is called from a middleware, an observer or an effect) the action is queued and
    /// runs after the ones before it. A full bounded queue blocks this call until there is room
    /// (`.suspend`) or drops an action (`.fail`: this one; `.dropOldest`: the oldest), see
    /// ``ActionQueuePolicy``. After ``close()`` the action is dropped.
    ///
    /// ```swift
    /// store.dispatch(.increment)
    /// ```
    ///
    /// - Parameter action: The action.
    /// - Complexity: O(1) besides the middleware, the reducer and the observers, and at most 64
    ///   other threads' actions when it takes the dispatch role; no allocation.
    @inlinable
    public func dispatch(_ action: Action) {
        guard accepting.load(ordering: .relaxed) else { return }
        enqueue(Pending(action: action, start: 0), entry: .outsideBlocking)
    }

    /// Runs an action from middleware `start` on (a middleware's `next`, the test store).
    @inlinable
    package func enqueue(_ action: Action, from start: Int) {
        enqueue(Pending(action: action, start: start))
    }

    /// The most actions other threads queued that a holder runs before it hands the rest to a
    /// background drain and returns: a `dispatch` or `send` that takes the role runs its own
    /// action, what it queues itself, and at most this many of other threads' actions.
    @usableFromInline
    static var fairShare: Int { 64 }

    /// The gate's state bits.
    @usableFromInline static var heldBit: UInt { 1 }
    @usableFromInline static var lockedBit: UInt { 2 }
    @usableFromInline static var stateBits: UInt { 3 }

    /// Runs an action now if the role is free, else queues it.
    ///
    /// Fast path (no contention): take the role with one compare-and-swap, run the action, and
    /// give the role back with another. Slow path, under the lock: either take the role after
    /// all (it was given back meanwhile), or hand a lock-free holder's role to the locked
    /// ``DeliveryRole`` (`gate` `held` → `locked`, so that the holder's lock-free release fails
    /// and it drains the queue) and queue the action there, within the queue's bound.
    @inlinable
    func enqueue(_ action: Pending, entry: Entry = .inside) {
        let me = ThreadIdentity.current &<< 2
        if gate.compareExchange(expected: 0, desired: me | Self.heldBit, ordering: .acquiring).exchanged {
            process(action)
            release(me)
            return
        }
        enqueueBehindHolder(action, me: me, entry: entry)
    }

    /// Runs the middleware chain from the action's start, then the reducer in place, then
    /// notifies the observers and the effects, then resolves the action's outcome. Role holder.
    @inlinable
    func process(_ pending: Pending) {
        if pending.dependencies != nil || dependencyScope != nil, let scope = dependenciesToInstall(for: pending) {
            return scope.install { process(pending.resolved(to: scope)) }
        }
        // A sender whose task was cancelled before its action began is not run at all (its
        // middleware included: a journal must not record an action the reducer then skips).
        if let outcome = pending.outcome, !outcome.begin() {
            pending.group?.releasePendingAction()
            return
        }
        var action = pending.action
        if replacement.isPending { installReplacement() }
        if pending.start < linkCount {
            guard let passed = runMiddleware(action, pending: pending) else { return }
            action = passed
        }
        cell.gate.beginWrite()
        do throws(StoreError) {
            try reducer(&cell.current, action)
        } catch {
            cell.sequence &+= 1
            // The replaced action is released after the write section: its deinit is user code.
            let replaced = cell.lastAction.take()
            cell.lastAction = action
            cell.lastFailure = StoreFailureBox(error)
            cell.gate.endWrite()
            withExtendedLifetime(replaced) {}
            var update = StoreUpdate(state: cell.current, lastAction: action, error: error)
            update.storedSequence = cell.sequence
            core.send(.next(update))
            finish(pending, .failure(error))
            return
        }
        cell.sequence &+= 1
        let replaced = cell.lastAction.take()
        cell.lastAction = action
        cell.lastFailure = nil
        cell.gate.endWrite()
        withExtendedLifetime(replaced) {}
        core.send(.next(StoreUpdate(state: cell.current, lastAction: action, sequence: cell.sequence)))
        if cell.attachedEffects.load(ordering: .relaxed) > 0 {
            // The mark keeps the action's group unsettled until every effect has seen the state.
            let mark = pending.group.map(PendingMark.init)
            let input = EffectInput(state: cell.current, sequence: cell.sequence, group: pending.group, mark: mark, hopsTo: notificationContext)
            effectCore.send(.next(input))
            pending.outcome?.resolve(.success(cell.current))
        } else {
            finish(pending, .success(cell.current))
        }
    }

    /// Resolves an action's outcome and stops counting it in its group.
    @usableFromInline
    func finish(_ pending: Pending, _ result: ActionOutcome<State>.Result) {
        pending.outcome?.resolve(result)
        pending.group?.releasePendingAction()
    }
}
