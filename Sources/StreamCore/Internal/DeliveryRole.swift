/// The delivery role: who delivers an engine's items, one at a time and in order, and what
/// happens to an item offered meanwhile. A pure state machine, kept inside the engine's
/// ``LockedState`` and driven under its lock; every input returns an action that the caller
/// carries out after unlocking.
///
/// ```
///            enqueue → deliverNow            next() → idle
///   ┌──────┐ ─────────────────────▶ ┌────────────┐ ─────────▶ idle
///   │ idle │                        │ delivering │ ◀─┐ enqueue → queued
///   └──────┘ ◀───────────────────── └────────────┘ ──┘ next() → deliver(item)
///      │          next() → idle        │      │ enqueue(last) → queued
///      │ close() → release             │      ▼
///      │                   close() →   │   ┌────────┐ next() → deliver(item) … → stop
///      │                   handOff     │   │ sealed │ finish() after the last item
///      ▼                               ▼   └────────┘
///   ┌────────┐ ◀── next() → stop ── ┌─────────┐
///   │ closed │ ◀── finish() ─────── │ closing │ (the holder stops at its next step)
///   └────────┘                      └─────────┘
/// ```
///
/// - The thread whose ``enqueue(_:isLast:)`` finds the role idle takes it (``EnqueueAction/deliverNow(_:)``)
///   and delivers, with the lock released; an item offered while the role is held, from another
///   thread or re-entrantly from the delivery itself, is queued for the holder. After each
///   delivery the holder calls ``next()`` and delivers what it returns, until the queue is empty.
///   So deliveries never overlap, follow the order of acceptance, and never recurse.
/// - ``enqueueForDrain(_:isLast:)`` is the same role for an engine that delivers on an execution
///   context: the item is always queued, and the caller that takes the role schedules one drain
///   (``DrainAction/startDrain``), which starts with ``next()``.
/// - The last item (a terminal event) seals the role: nothing more is accepted, the holder
///   delivers the queue and then calls ``finish()``.
/// - ``close()`` (disposal) drops the queue; a holder that is delivering learns it at its next
///   ``next()`` (``NextAction/stop``), so nothing is delivered after `close()` returns except the
///   item already in the holder's hands.
///
/// The per-item inputs (``enqueue(_:isLast:)``, ``next()``) are always inlined: on the common path
/// (the role idle, the queue empty) they cost a few instructions, which ``Junction``'s per-event
/// path depends on (the W6 instruction gate).
///
/// Items leave the queue by move (``FIFOQueue/popFirst()``): the caller owns every item an action
/// hands back and releases it after unlocking, because an item's `deinit` is user code.
///
/// Specialisations (each engine's header names its own): *deliver now* (``SerialObservation``,
/// ``Junction``; ``SubjectCore``, whose role lives in its non-generic base with non-generic
/// queue items and whose send keeps its event in hand through ``takeIfIdle()``), *drain on a
/// context* (``ContextHop``, FeedbackLoop's `Renderer`), *outbox drained by whichever thread is
/// free* (``TimedObservation``), *never closed* (LoadingState's replay hub, whose observers may
/// attach after the source ended), *compare-and-swap in front* (StoreKitLite's `Store`), *one-event
/// slot* (FeedbackLoop's `LoopEngine`).
@usableFromInline
package struct DeliveryRole<Item> {
    /// Where the role is.
    @usableFromInline
    package enum Phase: Equatable, Sendable {
        /// Nobody holds the role: the next accepted item takes it.
        case idle
        /// A holder is delivering; accepted items are queued for it.
        case delivering
        /// A holder is delivering and the last item was accepted: nothing more is accepted.
        case sealed
        /// Closed while a holder was delivering: nothing more is accepted or handed out; the
        /// holder stops at its next step (and releases the engine's downstream).
        case closing
        /// Nothing is accepted or delivered any more.
        case closed
    }

    /// What the offering thread does after unlocking.
    @usableFromInline
    package enum EnqueueAction {
        /// The caller took the role: deliver the item, then call ``DeliveryRole/next()``.
        case deliverNow(Item)
        /// The holder delivers the item later.
        case queued
        /// The role no longer accepts items: release the item (outside the lock).
        case dropped(Item)
    }

    /// What the offering thread of a drained engine does after unlocking.
    @usableFromInline
    package enum DrainAction {
        /// The caller took the role: run (or schedule) one drain that starts with ``DeliveryRole/next()``.
        case startDrain
        /// The holder (a drain scheduled or running) delivers the item later.
        case queued
        /// The role no longer accepts items: release the item (outside the lock).
        case dropped(Item)
    }

    /// What the holder does after delivering an item (or at the start of a drain).
    @usableFromInline
    package enum NextAction {
        /// Deliver this item, then ask again.
        case deliver(Item)
        /// The queue is empty and the role given back.
        case idle
        /// The role was closed meanwhile (or the last item was delivered without ``DeliveryRole/finish()``):
        /// stop for good and release what delivery needed.
        case stop
    }

    /// What a ``DeliveryRole/close()`` leaves the closing thread to do after unlocking.
    @usableFromInline
    package enum CloseAction {
        /// Nobody was delivering: release the downstream and the dropped items.
        case release(dropped: ContiguousArray<Item>)
        /// A holder is delivering: release the dropped items; the holder releases the downstream.
        case handOff(dropped: ContiguousArray<Item>)
        /// The role was already closed: nothing to do.
        case alreadyClosed
    }

    /// The current phase.
    @usableFromInline
    package internal(set) var phase: Phase = .idle
    @usableFromInline
    var queue = FIFOQueue<Item>()

    /// Creates an idle role with an empty queue.
    @inlinable
    package init() {}

    /// Creates a role already held by the creating thread (which must end with ``next()``).
    @inlinable
    package init(held: Bool) {
        if held { phase = .delivering }
    }

    /// Whether items are still accepted (not sealed, not closed).
    @inlinable @inline(__always)
    package var isAccepting: Bool {
        switch phase {
        case .idle, .delivering: true
        case .sealed, .closing, .closed: false
        }
    }

    /// Whether the role was closed or finished: nothing more will be delivered.
    @inlinable @inline(__always)
    package var isClosed: Bool {
        switch phase {
        case .closing, .closed: true
        case .idle, .delivering, .sealed: false
        }
    }

    /// Whether a holder is delivering (or a drain is scheduled).
    @inlinable
    package var isHeld: Bool {
        switch phase {
        case .delivering, .sealed, .closing: true
        case .idle, .closed: false
        }
    }

    /// The number of queued items.
    @inlinable
    package var queuedCount: Int { queue.count }

    /// Offers an item; `isLast` seals the role (a terminal event).
    @inlinable @inline(__always)
    package mutating func enqueue(_ item: Item, isLast: Bool = false) -> EnqueueAction {
        switch phase {
        case .idle:
            phase = isLast ? .sealed : .delivering
            return .deliverNow(item)
        case .delivering:
            queue.append(item)
            if isLast { phase = .sealed }
            return .queued
        case .sealed, .closing, .closed:
            return .dropped(item)
        }
    }

    /// Takes the role if nobody holds it, for an item the caller delivers at once and never
    /// queues (``SubjectCore``'s send keeps its event in hand): `true` is ``enqueue(_:isLast:)``'s
    /// ``EnqueueAction/deliverNow(_:)`` without moving an item through the action; on `false` the
    /// caller offers the item with ``enqueue(_:isLast:)``.
    @inlinable @inline(__always)
    package mutating func takeIfIdle() -> Bool {
        guard case .idle = phase else { return false }
        phase = .delivering
        return true
    }

    /// The holder gave the role back without the lock (an engine's lock-free give-back, see
    /// ``Junction``): a `delivering` role with an empty queue becomes idle. Under the engine's lock.
    @inlinable
    package mutating func givenBackLockFree() {
        if case .delivering = phase, queue.isEmpty { phase = .idle }
    }

    /// Removes the oldest queued item that satisfies `predicate`, keeping the others' order and
    /// the phase (a bounded queue dropping its oldest droppable item). The caller releases the
    /// item after unlocking.
    @inlinable
    package mutating func removeOldestQueued(where predicate: (Item) -> Bool) -> Item? {
        queue.removeFirst(where: predicate)
    }

    /// Offers an item to a drained engine: it is always queued; `isLast` seals the role.
    @inlinable
    package mutating func enqueueForDrain(_ item: Item, isLast: Bool = false) -> DrainAction {
        switch phase {
        case .idle:
            queue.append(item)
            phase = isLast ? .sealed : .delivering
            return .startDrain
        case .delivering:
            queue.append(item)
            if isLast { phase = .sealed }
            return .queued
        case .sealed, .closing, .closed:
            return .dropped(item)
        }
    }

    /// The holder's next step, after delivering an item or at the start of a drain.
    @inlinable @inline(__always)
    package mutating func next() -> NextAction {
        switch phase {
        case .delivering:
            // The common case, one item per delivery, checks the queue without calling into it.
            if !queue.isEmpty, let item = queue.popFirst() { return .deliver(item) }
            phase = .idle
            return .idle
        case .sealed:
            if !queue.isEmpty, let item = queue.popFirst() { return .deliver(item) }
            phase = .closed
            return .stop
        case .closing:
            phase = .closed
            return .stop
        case .idle, .closed:
            return .stop  // not the holder's call to make; nothing to deliver
        }
    }

    /// The holder delivered the last item: the role is closed for good.
    ///
    /// - Returns: Items still queued (none when the last item was queued last); release them
    ///   outside the lock.
    @inlinable
    package mutating func finish() -> ContiguousArray<Item> {
        phase = .closed
        return queue.isEmpty ? [] : queue.removeAll()
    }

    /// Closes the role (disposal): nothing more is accepted or handed out; the queue is dropped.
    @inlinable
    package mutating func close() -> CloseAction {
        switch phase {
        case .idle:
            phase = .closed
            return .release(dropped: queue.isEmpty ? [] : queue.removeAll())
        case .delivering, .sealed:
            phase = .closing
            return .handOff(dropped: queue.isEmpty ? [] : queue.removeAll())
        case .closing, .closed:
            return .alreadyClosed
        }
    }
}

extension DeliveryRole.CloseAction {
    /// The items the close dropped (to release outside the lock).
    @inlinable
    package var dropped: ContiguousArray<Item> {
        switch self {
        case .release(let dropped), .handOff(let dropped): dropped
        case .alreadyClosed: []
        }
    }
}
