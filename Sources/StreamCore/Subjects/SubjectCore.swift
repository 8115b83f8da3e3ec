/// The engine shared by every subject and property: an observer list plus serial delivery.
///
/// - Delivery is serial: one thread at a time holds the *delivery role* (a ``DeliveryRole``, see
///   ``SubjectCoreBase`` for this engine's specialisation). An element sent while nobody holds
///   it takes it and gives it back lock-free (two compare-and-swaps, no mutex); anything else
///   takes the mutex. A send that arrives while another is being delivered (from another
///   thread, or re-entrantly from an observer) is queued and delivered, in order, by the role
///   holder. No observer is called with the mutex held.
/// - The observer slots belong to the role (see ``SubjectCoreBase``): a registration or removal
///   that arrives during a delivery is queued and applied by the role holder, and a removed node
///   is skipped at once through its atomic `disposed` flag. So delivery iterates the slots in
///   place: no snapshot, no copy, no allocation and no retain per observer per send.
/// - Registration and removal are O(1) amortized (the newest observer leaves without a trace;
///   any other leaves a hole, and holes are compacted in place, in order, when they outnumber
///   live observers).
/// - A replaying core keeps the last `replayCapacity` elements (and the terminal event) and
///   gives them to each new observer before anything else, in the same serial order.
///
/// The owner (a public subject) must call ``close()`` in its `deinit`: registered nodes hold the
/// core strongly until they leave it.
@usableFromInline
package final class SubjectCore<Element, Error: Swift.Error>: SubjectCoreBase, @unchecked Sendable {
    // @unchecked Sendable: the fields below are guarded by the inherited mutex (see each one).
    @usableFromInline
    package typealias Event = Signal<Element, Error>.Event
    @usableFromInline
    typealias Node = ObserverNode<Element, Error>

    @usableFromInline
    enum Operation {
        case event(Event)
        case attach(Node, first: (() -> Element)?)
        case attachReplaying(Node, prefix: () -> [Element])
    }

    /// The payloads of the role's queued `.operation` items, in the same order. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var pending = FIFOQueue<Operation>()
    /// The terminal event, once its delivery started; late observers receive it at once. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var terminal: Event?
    /// Elements for new observers. Delivery role (see ``SubjectCoreBase``).
    @exclusivity(unchecked)
    @usableFromInline
    var replay: RingBuffer<Element>
    /// The latest element accepted (maybe not delivered yet), for `value` getters. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var latestElement: Element?
    /// How many recent elements new observers receive.
    @usableFromInline
    let replayCapacity: Int
    /// Whether ``latest`` is kept. A store turns it off: its state is reduced in place, and a
    /// second reference to it would make every reduction copy the state's collections.
    @usableFromInline
    let tracksLatest: Bool

    /// Creates a core; `replay` is how many recent elements new observers receive (negative
    /// counts as zero), `initial` an element they receive first; `tracksLatest: true` keeps a
    /// reference to the latest element for ``latest`` (else `nil`), which makes every send take
    /// the mutex to record it.
    package init(replay: Int = 0, initial: Element? = nil, tracksLatest: Bool = false) {
        replayCapacity = max(0, replay)
        self.replay = RingBuffer(capacity: replayCapacity)
        if let initial { self.replay.append(initial) }
        self.tracksLatest = tracksLatest
        latestElement = tracksLatest ? initial : nil
        super.init()
    }

    // MARK: Sending

    /// Accepts an event from any thread. Returns `false` if the core already terminated or was
    /// closed.
    @inlinable
    @discardableResult
    package func send(_ event: Event) -> Bool {
        // The common case: an element, no latest element to record, nobody holding the role. The
        // gate is never `idle` once the core terminated, so this path needs no mutex at all.
        if !tracksLatest, case .next(let element) = event,
            takeLockFree()
        {
            // The evicted element's deinit is user code: it runs here, with no lock held.
            if replayCapacity > 0 { _ = replay.append(element) }
            deliver(event)
            giveBack()
            return true
        }
        return sendLocked(event)
    }

    /// Gives back a role taken lock-free: with a compare-and-swap if nothing was queued behind
    /// it, else by draining the locked role's queue. Role holder.
    @inlinable @inline(__always)
    func giveBack() {
        if giveBackLockFree() { return }
        drain()
    }

    /// ``send(_:)`` under the mutex: a terminal event, an element whose latest value is kept,
    /// or an element sent while the role is held. Out of line, so that the lock-free path stays
    /// small enough to inline.
    @inlinable
    @inline(never)
    func sendLocked(_ event: Event) -> Bool {
        mutex.unsafeLock()
        if isTerminated {  // also set by close()
            mutex.unsafeUnlock()
            return false
        }
        // The element this send displaces (the previous latest one), released after unlocking:
        // an element's deinit is user code and never runs under the mutex.
        var displaced: Element?
        switch event {
        case .next(let element):
            if tracksLatest {
                displaced = latestElement.take()
                latestElement = element
            }
            // Nobody holds the role: take it lock-free and give it back the same way.
            if takeLockFree() {
                mutex.unsafeUnlock()
                withExtendedLifetime(displaced) {}
                if replayCapacity > 0 { _ = replay.append(element) }
                deliver(event)
                giveBack()
                return true
            }
        case .failed, .completed:
            // A terminal event takes the locked role: the gate then stays `locked` for good.
            isTerminated = true
        }
        lockGate()
        guard role.takeIfIdle() else {
            queueForHolder(.event(event))
            mutex.unsafeUnlock()
            withExtendedLifetime(displaced) {}
            return true
        }
        let evicted = beginDelivery(of: event)
        mutex.unsafeUnlock()
        withExtendedLifetime((displaced, evicted)) {}
        deliver(event)
        drain()
        return true
    }

    /// Queues an operation for the role holder (the role is held: a closed core is terminated
    /// and sends nothing). Mutex held. Out of line, so that the send's common path stays small
    /// enough to inline.
    @inlinable
    @inline(never)
    func queueForHolder(_ operation: Operation) {
        if case .queued = role.enqueue(.operation) { pending.append(operation) }
    }

    /// Records an event whose delivery starts now: the replay buffer and the terminal event
    /// advance in delivery order, so an observer attached between two queued events is replayed
    /// exactly what was delivered before it and then receives the rest. Role holder, mutex held
    /// (the terminal event is the mutex's; the replay buffer is the role's).
    ///
    /// - Returns: The element evicted from the replay buffer: release it after unlocking.
    @inlinable
    func beginDelivery(of event: Event) -> Element? {
        switch event {
        case .next(let element):
            if replayCapacity > 0 { return replay.append(element) }
        case .failed, .completed:
            terminal = event
        }
        return nil
    }

    /// The latest element accepted.
    package var latest: Element? {
        mutex.withLock { latestElement }
    }

    /// Calls every live observer with the event. Role holder only.
    @inlinable
    func deliver(_ event: Event) {
        if event.isTerminal {
            deliverTerminal(event)
            return
        }
        // The slot array keeps every node alive for the whole loop (only the role holder, which
        // is us, can change it), so nodes are borrowed at +0 instead of retained per event. The
        // mutable form reaches the array in place (it is uniquely referenced: nothing keeps a
        // copy), where the read-only one retains and releases its storage per send.
        slots.withUnsafeMutableBufferPointer { buffer in
            let nodes = _UnsafeBorrowedReferences(UnsafeBufferPointer(buffer), of: Node.self)
            for index in 0..<nodes.count {
                nodes.withReferenceIfAny(at: index) { $0.receive(event) }
            }
            nodes.assertUnchanged(self.slotStorage)
        }
    }

    /// Ends every observer with the terminal event. Role holder only. Out of line: it runs once
    /// per subject, and keeping it out of ``deliver(_:)`` keeps the per-element path small.
    @inlinable
    @inline(never)
    func deliverTerminal(_ event: Event) {
        let all = slots
        slots = []
        holes = 0
        for case let slot? in all where slot.markDisposed() {
            let node = unsafeDowncast(slot, to: Node.self)
            let handler = node.handler
            node.handler = nil
            node.index = -1
            if let handler { handler(event) }
        }
    }

    /// Applies what was queued during our delivery, in order, then gives up the role.
    @inlinable
    func drain() {
        while true {
            mutex.unsafeLock()
            switch role.next() {
            case .idle:
                // Nothing more was queued: lock-free sends may take the role again.
                reopenGate()
                mutex.unsafeUnlock()
                return
            case .stop:
                // Closed during our delivery: the event in hand reached every observer; end them.
                let (nodes, detached) = takeForClose()
                mutex.unsafeUnlock()
                end(nodes, detached: detached)
                return
            case .deliver(.detach(let node)):
                mutex.unsafeUnlock()
                detach(node)
            case .deliver(.operation):
                guard let operation = pending.popFirst() else {
                    mutex.unsafeUnlock()  // unreachable: one payload per queued `.operation`
                    continue
                }
                var evicted: Element?
                if case .event(let event) = operation { evicted = beginDelivery(of: event) }
                mutex.unsafeUnlock()
                withExtendedLifetime(evicted) {}
                switch operation {
                case .event(let event): deliver(event)
                case .attach(let node, let first): attach(node, first: first)
                case .attachReplaying(let node, let prefix): attach(node, prefix: prefix)
                }
            }
        }
    }

    /// Ends every registered observer without an event (the owning subject is going away, or a
    /// shared selection stopped) and accepts nothing more: later sends are dropped and later
    /// observers ended at once. Safe from any thread, during a delivery too (from an observer or
    /// another thread): then the role holder ends the observers as soon as the event it is
    /// delivering has reached every observer, and what was queued after it is dropped.
    @inlinable
    package func close() {
        mutex.unsafeLock()
        isTerminated = true
        lockGate()
        let action = role.close()
        var nodes = ContiguousArray<ObserverSlot?>()
        if case .release = action { nodes = takeAllSlots() }
        for case .detach(let node) in action.dropped {
            // The holder may still be walking the slots: it releases these when it stops.
            detachedWhileClosing.append(node)
        }
        let dropped = pending.isEmpty ? [] : pending.removeAll()
        mutex.unsafeUnlock()
        end(nodes)
        for operation in dropped {
            switch operation {
            case .event: break  // released here, outside the lock
            case .attach(let node, _), .attachReplaying(let node, _): endUnregistered(node)
            }
        }
    }

    /// Ends a node that will never be registered (the core was closed). Mutex not held.
    @inlinable
    func endUnregistered(_ node: Node) {
        if node.markDisposed() { node.handler = nil }
    }

    /// Registers a node and replays to it (`first`'s element, then the buffer). Role holder only.
    @inlinable
    func attach(_ node: Node, first: (() -> Element)? = nil) {
        if node.isDisposed {
            node.handler = nil
            return
        }
        mutex.unsafeLock()
        let elements = replayCapacity > 0 ? replay.elements : []
        let terminal = self.terminal
        mutex.unsafeUnlock()
        if terminal == nil { register(node) }
        guard let handler = node.handler else { return }
        if let first, terminal == nil {
            let element = first()
            if node.isDisposed { return }
            handler(.next(element))
        }
        for element in elements {
            if node.isDisposed { return }
            handler(.next(element))
        }
        if let terminal, node.markDisposed() {
            node.handler = nil
            handler(terminal)
        }
    }

    // MARK: Observing

    /// Registers an observer. A replaying core first gives it the buffered elements; a core that
    /// has terminated gives it the terminal event (after any replay) at once; a closed core ends
    /// it at once.
    @inlinable
    package func observe(_ handler: @escaping @Sendable (Event) -> Void) -> any Disposable {
        observe(node: Node(handler: .events(handler), owner: self))
    }

    /// Registers an observer of the elements only (`observeNext`): the same as
    /// ``observe(_:)`` with a handler that ignores terminal events, without allocating a
    /// closure to wrap `handler`.
    @inlinable
    package func observeElements(_ handler: @escaping @Sendable (Element) -> Void) -> any Disposable {
        observe(node: Node(handler: .elements(handler), owner: self))
    }

    /// Registers `node` (see ``observe(_:)``).
    @inlinable
    func observe(node: Node) -> any Disposable {
        // Under the mutex, without taking the delivery role (see `remove(_:)` for why).
        mutex.unsafeLock()
        lockGate()
        if role.phase == .idle, replayCapacity == 0, terminal == nil {
            // Nobody holds the role: the slots are ours under the mutex.
            register(node)
            reopenGate()
            mutex.unsafeUnlock()
            return node
        }
        return take(node, operation: .attach(node, first: nil))
    }

    /// Registers an observer whose first element is computed by `first` when it joins: in the
    /// same serial order as the sent events, so it receives `first()`'s element and then exactly
    /// the events delivered after it joined (a store replays its current state this way without
    /// keeping a copy of it).
    ///
    /// `first` runs on the thread holding the delivery role, without the lock held.
    @usableFromInline
    package func observe(
        replayingFirst first: @escaping @Sendable () -> Element,
        _ handler: @escaping @Sendable (Event) -> Void
    ) -> any Disposable {
        let node = Node(handler: .events(handler), owner: self)
        mutex.unsafeLock()
        return take(node, operation: .attach(node, first: first))
    }

    /// Attaches `node` through the role: at once if the role is free (then drains), queued for
    /// the holder otherwise, ended if the core was closed. Called with the mutex held; returns
    /// with it released.
    @inlinable
    func take(_ node: Node, operation: Operation) -> any Disposable {
        lockGate()
        switch role.enqueue(.operation) {
        case .deliverNow:
            mutex.unsafeUnlock()
            switch operation {
            case .attach(let node, let first): attach(node, first: first)
            case .attachReplaying(let node, let prefix): attach(node, prefix: prefix)
            case .event: break  // not an attachment
            }
            drain()
        case .queued:
            pending.append(operation)
            mutex.unsafeUnlock()
        case .dropped:
            mutex.unsafeUnlock()
            endUnregistered(node)
        }
        return node
    }
}
