/// The state machine behind ``TimeTravel``: whether the store shows its present or a state of
/// the past, which calls of the wrapped reducer install a shown state, and the actions held
/// meanwhile. Every input runs inside the control's lock and returns what to do; the caller does
/// it after unlocking (holding, resuming and releasing actions is user code).
@usableFromInline
struct TimeTravelMachine<State: Sendable, Action: Sendable> {
    /// Where the store is.
    @usableFromInline
    enum Phase {
        /// Reducing as usual: the gate passes every action.
        case present
        /// Showing a state it did not reach by reducing; the gate holds every action.
        case showing
        /// Installing the present again; the gate still holds. The held actions are resumed once
        /// every queued install has run, unless another request came since.
        case returning
    }

    /// What the gate middleware does with an action.
    @usableFromInline
    enum GateDecision {
        /// Pass it on to the reducer (the store is in the present).
        case pass
        /// Hold it until the store returns to the present.
        case hold
    }

    /// What the wrapped reducer does with the call it received.
    @usableFromInline
    enum ReducerStep {
        /// Run the user's reducer.
        case reduce
        /// Replace the state with the one being shown.
        case install(State)
    }

    @usableFromInline var phase = Phase.present
    /// The state the next install call installs (the latest one asked for).
    @usableFromInline var requested: State?
    /// Install calls queued in the store and not yet reduced.
    @usableFromInline var installsQueued = 0
    /// Held actions resumed and not yet reduced: they reach the reducer before any later install.
    @usableFromInline var resumedQueued = 0
    /// Whether the action being reduced now came through the gate (set by the gate, read by the
    /// reducer that runs right after it, on the same role holder).
    @usableFromInline var passedGate = false
    /// The actions the gate held, oldest first.
    @usableFromInline var held: [HeldAction<State, Action>] = []

    /// Whether the store shows a state of the past (or is installing the present again).
    var isAway: Bool {
        if case .present = phase { return false }
        return true
    }

    /// The number of actions waiting for the return to the present.
    var heldCount: Int { held.count }

    /// The gate (the store's last middleware) received an action. Role holder.
    @inlinable
    mutating func gate() -> GateDecision {
        guard case .present = phase else { return .hold }
        passedGate = true
        return .pass
    }

    /// The gate held an action (after ``gate()`` said `.hold`). Role holder.
    @inlinable
    mutating func held(_ action: HeldAction<State, Action>) {
        held.append(action)
    }

    /// The wrapped reducer was called. Role holder: calls come in the store's order, so a
    /// resumed held action (queued before any later install) is told from an install by counting.
    @inlinable
    mutating func reducerCalled() -> ReducerStep {
        if passedGate {
            passedGate = false
            return .reduce
        }
        if resumedQueued > 0 {
            resumedQueued -= 1
            return .reduce
        }
        if installsQueued > 0, let requested {
            installsQueued -= 1
            return .install(requested)
        }
        return .reduce
    }

    /// Someone asked to show `state`: the caller queues an install call in the store.
    mutating func show(_ state: State) {
        requested = state
        installsQueued += 1
        phase = .showing
    }

    /// Someone asked to return to the present, `state`: the caller queues an install call, and
    /// calls ``installed()`` when it has run.
    mutating func returnToPresent(_ state: State) {
        requested = state
        installsQueued += 1
        phase = .returning
    }

    /// An install call was not queued (the store was closed or gone), or was refused.
    mutating func installNotQueued() {
        installsQueued -= 1
    }

    /// An install call has run (role holder). Once no install is queued any more, a return
    /// that no later request replaced ends: the store is in the present again, and the held
    /// actions are handed back to be resumed, in order. The caller resumes them before it
    /// unlocks: on the role holder a resume only queues the action (no user code runs), and
    /// queueing them under the lock puts them before any install a later request queues, which
    /// is what lets ``reducerCalled()`` tell them apart by counting.
    mutating func installed() -> [HeldAction<State, Action>] {
        guard installsQueued == 0, case .returning = phase else { return [] }
        phase = .present
        requested = nil
        resumedQueued += held.count
        defer { held = [] }
        return held
    }
}
