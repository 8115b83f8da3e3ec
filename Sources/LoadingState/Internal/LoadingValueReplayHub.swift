import StreamCore

/// The shared connection behind `shareReplayValues(limit:)`: one
/// observation of the source for all observers, a buffer of the last loaded values for late
/// observers, and reference counting of the connection.
///
/// Delivery role (`DeliveryRole`), *never closed* specialisation, drained by the caller: an
/// operation (event or new observer) is queued under the lock; whoever finds the role idle takes
/// it and drains the queue with the lock released, so observers are never called under the lock,
/// events arrive in order, and a new observer gets its replay before any later event. The role is
/// never sealed or closed: an observer attaching after the source terminated still gets its
/// replay and the completion, so termination is the hub's own state (`isTerminated`).
final class LoadingValueReplayHub<LoadingValue, LoadingError: Swift.Error>: Sendable {
    typealias State = LoadingState<LoadingValue, LoadingError>
    typealias Event = Signal<State, Never>.Event

    private let source: SafeSignal<State>
    private let limit: Int
    private let hub: LockedState<HubState>
    private let connection = SerialDisposable()

    /// An observer's handler; `nil` once the observation is disposed.
    final class Slot: Sendable {
        let handler: LockedState<(@Sendable (Event) -> Void)?>
        init(_ handler: @escaping @Sendable (Event) -> Void) { self.handler = LockedState(handler) }
        func send(_ event: Event) { handler.withLock { $0 }?(event) }
    }

    enum Operation {
        case event(Event)
        case attach(Slot)
    }

    struct HubState: @unchecked Sendable {
        // @unchecked Sendable: only ever accessed inside the hub's `LockedState`; it holds
        // elements of possibly non-Sendable type, which the hub hands over under the 0004 rule.
        var slots: [ObjectIdentifier: Slot] = [:]
        var order: [ObjectIdentifier] = []
        var buffer: [LoadingValue] = []
        var role = DeliveryRole<Operation>()
        var isTerminated = false
        var isConnected = false
        /// The terminal event has been taken for delivery: later observers only get the replay.
        var terminalDelivered = false
    }

    init(source: SafeSignal<State>, limit: Int) {
        self.source = source
        self.limit = max(0, limit)
        hub = LockedState(HubState())
    }

    func observe(_ handler: @escaping @Sendable (Event) -> Void) -> any Disposable {
        let slot = Slot(handler)
        let (mustConnect, mustDrain) = hub.withLock { state -> (Bool, Bool) in
            let connect = !state.isConnected && !state.isTerminated
            if connect { state.isConnected = true }
            guard case .startDrain = state.role.enqueueForDrain(.attach(slot)) else { return (connect, false) }
            return (connect, true)
        }
        if mustDrain { drain() }
        if mustConnect {
            connection.otherDisposable = source.observe { [weak self] event in self?.send(event) }
        }
        // Strong: each observation keeps the hub (and so the shared connection) alive until it
        // is disposed or terminates; the signal value that created the hub may be long gone
        // (`x.shareReplayValues().observe { … }`). Detaching breaks the reference.
        return BlockDisposable { self.detach(slot) }
    }

    deinit {
        connection.dispose()
    }

    private func send(_ event: Event) {
        let mustDrain = hub.withLock { state -> Bool in
            if state.isTerminated { return false }
            if event.isTerminal { state.isTerminated = true }
            guard case .startDrain = state.role.enqueueForDrain(.event(event)) else { return false }
            return true
        }
        if mustDrain { drain() }
    }

    private func detach(_ slot: Slot) {
        // Take the handler out and release it after unlocking: its captures' deinit is user code.
        let handler = slot.handler.withLock { handler in
            defer { handler = nil }
            return handler
        }
        withExtendedLifetime(handler) {}
        let disconnect = hub.withLock { state -> Bool in
            let id = ObjectIdentifier(slot)
            guard state.slots.removeValue(forKey: id) != nil else { return false }
            state.order.removeAll { $0 == id }
            guard state.slots.isEmpty, state.isConnected, !state.isTerminated else { return false }
            state.isConnected = false
            return true
        }
        if disconnect { connection.otherDisposable = nil }
    }

    private func drain() {
        while true {
            // Values pushed out of the replay buffer, released after unlocking (a value's deinit
            // is user code and never runs under the hub's lock).
            var evicted: ArraySlice<LoadingValue> = []
            defer { withExtendedLifetime(evicted) {} }
            let step = hub.withLock { state -> (Operation, [Slot], [LoadingValue])? in
                guard case .deliver(let operation) = state.role.next() else { return nil }
                switch operation {
                case .event(let event):
                    if case .next(let loading) = event, case .loaded(let value) = loading, limit > 0 {
                        state.buffer.append(value)
                        if state.buffer.count > limit {
                            let excess = state.buffer.count - limit
                            evicted = state.buffer[..<excess]
                            state.buffer.removeFirst(excess)
                        }
                    }
                    let targets = state.order.compactMap { state.slots[$0] }
                    if event.isTerminal {
                        state.slots = [:]
                        state.order = []
                        state.terminalDelivered = true
                    }
                    return (operation, targets, [])
                case .attach(let slot):
                    if !state.terminalDelivered {
                        let id = ObjectIdentifier(slot)
                        state.slots[id] = slot
                        state.order.append(id)
                    }
                    return (.attach(slot), [slot], state.buffer)
                }
            }
            guard let (operation, targets, replay) = step else { return }
            switch operation {
            case .event(let event):
                for slot in targets { slot.send(event) }
            case .attach(let slot):
                for value in replay { slot.send(.next(.loaded(value))) }
                if hub.withLock({ $0.terminalDelivered }) { slot.send(.completed) }
            }
        }
    }
}
