/// The engine shared by every subject and property: an observer list plus serial delivery.
///
/// - Delivery is serial: one thread at a time holds the *delivery role*. A send that arrives
///   while another send is being delivered (from another thread, or re-entrantly from an
///   observer) is queued and delivered, in order, by the thread holding the role.
/// - No observer is called with the lock held: the role holder takes a snapshot of the observer
///   slots under the lock and calls them after unlocking.
/// - Registration and removal are O(1) amortized: observers live in a slot array; removal leaves
///   a hole, and the array is compacted (order kept) when holes outnumber live observers.
/// - A replaying core keeps the last `replayCapacity` elements (and the terminal event) and
///   gives them to each new observer before anything else, in the same serial order.
package final class SubjectCore<Element, Error: Swift.Error>: @unchecked Sendable {
    // @unchecked Sendable: all mutable state is inside `state` (a LockedState); nodes follow the
    // rule documented on ObserverNode.
    package typealias Event = Signal<Element, Error>.Event
    package typealias Node = ObserverNode<Element, Error>

    private enum Step {
        case deliver(Event, ContiguousArray<Node?>)
        case replay(Node, ContiguousArray<Element>, Event?)
        case done([Node])
    }

    private enum Start {
        case registered
        case terminal(Event)
        case replay(ContiguousArray<Element>, Event?)
    }

    private enum Operation {
        case event(Event)
        case attach(Node)
    }

    private struct State {
        var slots = ContiguousArray<Node?>()
        var holes = 0
        /// A terminal event was accepted (later sends are dropped).
        var isTerminated = false
        /// The terminal event, once delivered; late observers receive it at once.
        var terminal: Event?
        var isDelivering = false
        var pending = FIFOQueue<Operation>()
        /// Nodes removed during a delivery; their observers are released when it ends.
        var detached: [Node] = []
        var replay: RingBuffer<Element>
        /// The latest element accepted (not necessarily delivered yet), for `value` getters.
        var latest: Element?

        mutating func register(_ node: Node) {
            node.index = slots.count
            slots.append(node)
        }

        mutating func unregister(_ node: Node) -> Bool {
            let index = node.index
            guard index >= 0, index < slots.count, slots[index] === node else { return false }
            slots[index] = nil
            node.index = -1
            holes += 1
            if holes > 16, holes * 2 > slots.count { compact() }
            return true
        }

        mutating func compact() {
            var kept = ContiguousArray<Node?>()
            kept.reserveCapacity(slots.count - holes)
            for case let node? in slots {
                node.index = kept.count
                kept.append(node)
            }
            slots = kept
            holes = 0
        }

        /// Starts delivering `event`: records it for replay and returns the observers to call.
        mutating func begin(_ event: Event) -> ContiguousArray<Node?> {
            switch event {
            case .next(let element):
                replay.append(element)
                return slots
            case .failed, .completed:
                terminal = event
                let all = slots
                slots = []
                holes = 0
                return all
            }
        }
    }

    private let state: LockedState<State>
    /// Whether new observers get the buffered elements.
    package let replayCapacity: Int

    /// Creates a core; `replay` is how many recent elements new observers receive.
    package init(replay: Int = 0, initial: Element? = nil) {
        var buffer = RingBuffer<Element>(capacity: replay)
        if let initial { buffer.append(initial) }
        replayCapacity = max(0, replay)
        state = LockedState(State(replay: buffer, latest: initial))
    }

    deinit {
        // Nobody is delivering (a deliverer holds a strong reference); release every observer.
        let slots = state.withLock { state in
            defer { state.slots = [] }
            return state.slots
        }
        for case let node? in slots {
            _ = node.markDisposed()
            node.observer = nil
        }
    }

    // MARK: Sending

    /// Accepts an event from any thread. Returns `false` if the core already terminated.
    @discardableResult
    package func send(_ event: Event) -> Bool {
        var accepted = false
        let snapshot: ContiguousArray<Node?>? = state.withLock { state in
            if state.isTerminated { return nil }
            accepted = true
            if case .next(let element) = event {
                state.latest = element
            } else {
                state.isTerminated = true
            }
            if state.isDelivering {
                state.pending.append(.event(event))
                return nil
            }
            state.isDelivering = true
            return state.begin(event)
        }
        if let snapshot {
            deliver(event, to: snapshot)
            drain()
        }
        return accepted
    }

    /// Replaces the latest value and sends it, atomically: the order of `value` writes is the
    /// order observers see. Used by properties, whose setter must not lose a race.
    package func sendLatest(_ element: Element) {
        send(.next(element))
    }

    /// The latest element accepted.
    package var latest: Element? {
        state.withLock { $0.latest }
    }

    /// Whether a terminal event was accepted.
    package var isTerminated: Bool {
        state.withLock { $0.isTerminated }
    }

    @inline(__always)
    private func deliver(_ event: Event, to snapshot: ContiguousArray<Node?>) {
        for case let node? in snapshot where !node.isDisposed {
            node.observer?.on(event)
        }
        if event.isTerminal {
            // The role holder owns every node's observer now; end and release them.
            for case let node? in snapshot {
                _ = node.markDisposed()
                node.observer = nil
            }
        }
    }

    /// Delivers whatever was queued while we delivered, then gives up the delivery role.
    private func drain() {
        while true {
            let step: Step = state.withLock { state in
                while let operation = state.pending.popFirst() {
                    switch operation {
                    case .event(let event):
                        return .deliver(event, state.begin(event))
                    case .attach(let node):
                        if node.isDisposed { continue }
                        if state.terminal == nil { state.register(node) }
                        return .replay(node, state.replay.elements, state.terminal)
                    }
                }
                state.isDelivering = false
                defer { state.detached = [] }
                return .done(state.detached)
            }
            switch step {
            case .deliver(let event, let snapshot):
                deliver(event, to: snapshot)
            case .replay(let node, let elements, let terminal):
                replay(elements, terminal: terminal, to: node)
            case .done(let detached):
                for node in detached { node.observer = nil }
                return
            }
        }
    }

    private func replay(_ elements: ContiguousArray<Element>, terminal: Event?, to node: Node) {
        guard let observer = node.observer else { return }
        for element in elements {
            if node.isDisposed { return }
            observer.on(.next(element))
        }
        if let terminal, node.markDisposed() {
            observer.on(terminal)
            node.observer = nil
        }
    }

    // MARK: Observing

    /// Registers an observer. A replaying core first gives it the buffered elements; a core that
    /// has terminated gives it the terminal event at once.
    package func observe(_ observer: Observer<Element, Error>) -> any Disposable {
        let node = Node(observer: observer, core: self)
        let start: Start = state.withLock { state in
            if replayCapacity == 0 {
                if let terminal = state.terminal { return .terminal(terminal) }
                state.register(node)
                return .registered
            }
            if state.isDelivering {
                state.pending.append(.attach(node))
                return .registered
            }
            state.isDelivering = true
            if state.terminal == nil { state.register(node) }
            return .replay(state.replay.elements, state.terminal)
        }
        switch start {
        case .registered:
            break
        case .terminal(let event):
            _ = node.markDisposed()
            node.observer = nil
            observer.on(event)
        case .replay(let elements, let terminal):
            replay(elements, terminal: terminal, to: node)
            drain()
        }
        return node
    }

    /// Removes a disposed node. Its observer is released now, or when the running delivery ends.
    package func remove(_ node: Node) {
        let released: Observer<Element, Error>? = state.withLock { state in
            guard state.unregister(node) else {
                // Not registered (never, or terminated): an attach may still be pending, and the
                // deliverer skips disposed nodes. Release now unless a delivery may be using it.
                if state.isDelivering {
                    state.detached.append(node)
                    return nil
                }
                defer { node.observer = nil }
                return node.observer
            }
            if state.isDelivering {
                state.detached.append(node)
                return nil
            }
            defer { node.observer = nil }
            return node.observer
        }
        _ = released
    }

    /// The number of registered observers (for tests and diagnostics).
    package var observerCount: Int {
        state.withLock { $0.slots.count - $0.holes }
    }

    /// Drops the buffered elements (not the terminal event).
    package func clearReplay() {
        state.withLock { $0.replay.removeAll() }
    }
}
