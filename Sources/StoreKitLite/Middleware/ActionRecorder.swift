public import StreamCore

/// Observing middleware that records every action the store reduces, so that the log can be
/// replayed into a fresh store to reproduce a state: the basis of time-travel debugging.
///
/// ```swift
/// let recorder = ActionRecorder<AppState, AppAction>()
/// let store = Store(initialState: AppState(), reducer: app, observers: [recorder])
/// // … the user does things …
/// let fresh = Store(initialState: AppState(), reducer: app)
/// recorder.replay(into: fresh)               // fresh.state == store.state
/// let earlier = recorder.state(after: 3, from: AppState(), reducer: app)   // time travel
/// ```
///
/// The log holds the actions as they reached the reducer (after interceptors transformed,
/// delayed or dropped them), in reduction order, failed reductions included. Replay them into
/// a store without interceptors (or with interceptors that pass them unchanged) and with the
/// same initial state and reducer.
public final class ActionRecorder<State: Sendable, Action: Sendable>: ObservingMiddleware {
    /// Keeps the observation of the store alive as long as the recorder.
    public let disposeBag = DisposeBag()
    private let log = LockedState<[Action]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Starts recording the store's actions.
    ///
    /// The first update (the state at the time of observing, replayed) is not recorded: it was
    /// produced before recording started.
    ///
    /// - Parameter currentStateLastAction: The store's updates.
    public func observe(currentStateLastAction: Signal<StoreUpdate<State, Action>, Never>) {
        let log = self.log
        let pastReplay = ObservationFlag()
        currentStateLastAction
            .observeNext { update in
                if !pastReplay.value {
                    pastReplay.value = true
                    return
                }
                guard let action = update.lastAction else { return }
                log.withLock { $0.append(action) }
            }
            .dispose(in: disposeBag)
    }

    /// The recorded actions, oldest first.
    public var actions: [Action] {
        log.withLock { $0 }
    }

    /// Forgets the recorded actions.
    public func clear() {
        log.withLock { $0 = [] }
    }

    /// Dispatches the recorded actions into a store, in order.
    ///
    /// - Parameters:
    ///   - store: The store; for an exact reproduction, a fresh one with the same initial state
    ///     and reducer, without interceptors.
    ///   - count: How many of the first actions to replay; all when `nil`.
    public func replay(into store: Store<State, Action>, count: Int? = nil) {
        let actions = self.actions
        for action in actions.prefix(count ?? actions.count) {
            store.dispatch(action)
        }
    }

    /// The state after the first `count` recorded actions, computed without a store (a pure
    /// fold of the reducer): jump to any point of the log.
    ///
    /// Actions whose reduction fails are skipped, as the store skips them.
    ///
    /// - Parameters:
    ///   - count: How many actions to apply, from the first.
    ///   - initial: The initial state the recorded store started from.
    ///   - reducer: The recorded store's reducer.
    /// - Returns: The state after those actions.
    public func state(after count: Int, from initial: State, reducer: Reducer<State, Action>) -> State {
        var state = initial
        for action in actions.prefix(max(0, count)) {
            var next = state
            do throws(StoreError) {
                try reducer(&next, action)
                state = next
            } catch {
                continue
            }
        }
        return state
    }
}
