public import StreamCore
public import Synchronization

/// The opt-in development capability of a store: it can show a state it did not reach by
/// reducing (the state after an earlier action, or one recomputed without some actions), and
/// holds the actions sent meanwhile until it returns to the present (Redux DevTools' "jump to
/// state" and "skip action", which are built on it).
///
/// A store has it only if it was created for development with
/// ``Store/init(initialState:reducer:middleware:observers:notifyOn:queue:timeTravel:)``; a
/// store created otherwise cannot be made to show anything but the states it reduced.
///
/// ```swift
/// let travel = TimeTravel<Int, CounterAction>()
/// let store = Store(initialState: 0, reducer: counter, timeTravel: travel)
/// try await store.send(.increment)                        // 1
/// try await store.send(.increment)                        // 2
/// try await travel.show(1, after: .increment)             // store.state == 1
/// store.dispatch(.increment)                              // held: the store still shows 1
/// try await travel.returnToPresent(2, after: .increment)  // 2, then the held action: 3
/// ```
///
/// While the store shows a state of the past:
/// - ``Store/state`` is that state, and observers (and attached effects) receive it as a new
///   update whose action is the one passed as `after` (the action that state was recorded
///   after);
/// - every action that reaches the end of the middleware chain is held: a `send` waits, and the
///   action runs after the store returns to the present, in the order the actions arrived
///   (an action sent while the store returns may run before them). Middleware still sees each
///   action when it is sent.
///
/// How it works, and its limits: the store's last middleware is a gate that holds actions while
/// the store is away from the present, and its reducer is wrapped so that a state is installed
/// by an action queued straight to the reducer. So do not replace the middleware of such a store
/// (``Store/middleware``; the gate would go) and do not call ``Store/dispatchToReducer(_:)`` on
/// it (such an action could be taken for an install). A `TimeTravel` controls the first store
/// created with it.
public final class TimeTravel<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let machine = LockedState(TimeTravelMachine<State, Action>())
    private let attached = LockedState<WeakStore<State, Action>?>(nil)
    /// The states installed so far (counted by the reducer that installs them, the role holder).
    @usableFromInline let installs = Atomic<Int>(0)

    /// Creates a control; pass it to a store's initializer.
    public init() {}

    /// Whether the store shows a state of the past (or is returning to the present): actions
    /// are held.
    public var isAway: Bool {
        machine.withLock { $0.isAway }
    }

    /// The number of actions held until the store returns to the present.
    public var heldActionCount: Int {
        machine.withLock { $0.heldCount }
    }

    /// How many states the store has installed so far (each ``show(_:after:)`` and
    /// ``returnToPresent(_:after:)`` installs one). Each is an update of the store:
    /// `StoreUpdate.sequence` counts installs as well as the actions the reducer ran, so a tool
    /// that numbers the reducer's calls itself adds this count to find an update's number.
    ///
    /// Read from the store's reducer (the dispatch role), it is exact: installs run there too, in
    /// the store's order.
    public var installCount: Int {
        installs.load(ordering: .relaxed)
    }

    /// Makes the store show `state`, and hold every action that reaches it until
    /// ``returnToPresent(_:after:)``. Returns once the store shows it.
    ///
    /// ```swift
    /// try await travel.show(recorded[3].state, after: recorded[3].action)
    /// ```
    ///
    /// - Parameters:
    ///   - state: The state to show.
    ///   - action: The action observers receive with it (the one `state` was recorded after).
    /// - Throws: `StoreError.storeClosed` if the store is closed or gone (nothing changed).
    public func show(_ state: State, after action: Action) async throws(StoreError) {
        machine.withLock { $0.show(state) }
        try await install(action)
    }

    /// Makes the store show `state` as its present, and runs the held actions from it, in the
    /// order they arrived. Returns once the store shows `state` (the held actions may still be
    /// running).
    ///
    /// - Parameters:
    ///   - state: The present state: the last state the store reduced, or one recomputed from
    ///     its actions (without the skipped ones).
    ///   - action: The action observers receive with it.
    /// - Throws: `StoreError.storeClosed` if the store is closed or gone.
    public func returnToPresent(_ state: State, after action: Action) async throws(StoreError) {
        machine.withLock { $0.returnToPresent(state) }
        try await install(action)
    }

    /// Queues an install call straight to the reducer and waits until it has run.
    private func install(_ action: Action) async throws(StoreError) {
        guard let store = attached.withLock({ $0?.store }) else {
            machine.withLock { $0.installNotQueued() }
            throw StoreError.storeClosed
        }
        let result: Result<State, StoreError> = await withCheckedContinuation { continuation in
            store.enqueue(action, from: .max) { [machine] result in
                // The role holder, right after the install ran (or at once if it was refused).
                let refused: [HeldAction<State, Action>] = machine.withLock { machine in
                    guard case .success = result else {
                        machine.installNotQueued()
                        return machine.installed()  // not on the role holder: resumed after unlocking
                    }
                    // Resumed under the lock: on the role holder this only queues them (see
                    // TimeTravelMachine.installed()).
                    for held in machine.installed() { held.resume() }
                    return []
                }
                for held in refused { held.resume() }
                continuation.resume(returning: result)
            }
        }
        _ = try result.get()
    }

    /// Binds the control to its store (the first one only).
    @usableFromInline
    func attach(_ store: Store<State, Action>) {
        attached.withLock { if $0 == nil { $0 = WeakStore(store: store) } }
    }

    /// The gate: the store's last middleware. Role holder.
    @inlinable
    func gate(_ action: Action, holder: ActionHolder<State, Action>) -> Action? {
        switch machine.withLock({ $0.gate() }) {
        case .pass: return action
        case .hold:
            let held = holder.hold(action)
            machine.withLock { $0.held(held) }
            return nil
        }
    }

    /// What the wrapped reducer does with this call (an install is counted). Role holder.
    @inlinable
    func reducerCalled() -> TimeTravelMachine<State, Action>.ReducerStep {
        let step = machine.withLock { $0.reducerCalled() }
        if case .install = step { installs.wrappingAdd(1, ordering: .relaxed) }
        return step
    }
}

/// A weak reference to a store, in the control's lock box.
struct WeakStore<State: Sendable, Action: Sendable> {
    weak var store: Store<State, Action>?
}
