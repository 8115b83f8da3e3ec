public import StreamCore
public import Synchronization

/// One running loop: the state, the queue of events, the reducer, and the feedbacks' observations.
///
/// The delivery role's *one-event slot* specialisation (`DeliveryRole`, Decision 0022): the
/// role says who drains and whether the loop stopped and queues the later events; the oldest
/// waits in `first` while it is the only one, so the synchronous loop never touches the queue.
///
/// Serial by construction, never recursive:
/// - One thread at a time holds the *drain role* (`role`, taken and given back under
///   `mutex`). It pops an event, reduces, and delivers the new state to the feedbacks and then
///   to the loop's observer (ReactiveFeedback's and Spin's order: an observer that stops the
///   loop on a state still lets that state's effects start). An event sent meanwhile, from a feedback reacting synchronously or
///   from another thread, is appended to the queue and handled by the role holder afterwards. So
///   the stack never grows with the number of iterations, no event is lost or reordered, and no
///   user code (reducer, feedbacks, observer) runs under the lock.
/// - The initial state is delivered on the observing thread, before `observe` returns, in every
///   context (ReactiveFeedback's behaviour): the observer holds it at once, and a feedback
///   subscribes to its effect for it at once, so an event sent before the context's first turn
///   is queued, not lost.
/// - With a non-immediate context, the role holder runs on that context: the first event that
///   finds the loop idle schedules one drain, which handles up to `batchLimit` events per turn
///   and then yields the context (rescheduling itself at its back) until the queue is empty.
/// - Disposal empties the queue, disposes every feedback and effect, and closes the state
///   subject; a drain in progress stops before the next event.
@usableFromInline
final class LoopEngine<State: Sendable, Event: Sendable>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `first`, `role` and `observations` are guarded by `mutex`; `state` is read and written only by the drain-role holder (see above).
    @usableFromInline
    let mutex = Lock(name: "LoopEngine.mutex")
    /// The oldest queued event when it is the only one (the common case of a synchronous loop:
    /// one event per state), kept out of `queue` so that it costs no array traffic. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var first: Queued?
    /// Who drains (the starting thread holds the role until the first drain ends), whether the
    /// loop is stopped, and the events queued after `first`, in order. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var role = DeliveryRole<Queued>(held: true)
    @exclusivity(unchecked)
    @usableFromInline
    var observations: [any Disposable] = []
    /// Whether the role holder must take the lock for its next event: raised under the lock by
    /// whatever queues an event (`first` or the role's queue) or closes the loop, lowered by the
    /// role holder under the lock when it finds nothing queued. The holder with a reaction's
    /// answer in hand reads it without the lock: lowered, the answer is the next event (the
    /// synchronous loop takes no lock per iteration).
    @usableFromInline
    let waiting = Atomic<Bool>(false)
    @exclusivity(unchecked)
    @usableFromInline
    var state: State
    @usableFromInline
    let reducer: Reducer<State, Event>
    @usableFromInline
    let output: Observer<State, Never>
    /// The output's handler and lifetime, read once (no copy of the observer per state).
    @usableFromInline
    let outputHandler: @Sendable (Signal<State, Never>.Event) -> Void
    @usableFromInline
    let outputLifetime: DisposalPoll
    /// How the role holder hands a state to the feedbacks, in feedback order: a
    /// `Feedback(reacting:)` on the loop's context is a direct call; each run of other feedbacks
    /// observes its own state subject, so states reach the feedbacks in their order.
    @usableFromInline
    let stages: [Stage]
    /// Whether the loop has exactly one feedback and it is a direct call: then `soleReaction`
    /// is its reaction (otherwise a placeholder that is never called; not an optional, for the
    /// reason `hasSoleEffect` gives).
    @usableFromInline
    let hasSoleReaction: Bool
    @usableFromInline
    let soleReaction: @Sendable (State) -> Event?
    /// Whether the loop has exactly one feedback and it is a per-state effect: then
    /// `soleEffect` is its function and `soleEffectSlot` its slot (otherwise placeholders that
    /// are never used). Not optionals: the drain copied an optional's payload out, with a
    /// retain of each, per state.
    @usableFromInline
    let hasSoleEffect: Bool
    @usableFromInline
    let soleEffect: @Sendable (State) -> Signal<Event, Never>?
    @usableFromInline
    let soleEffectSlot: EffectSlot<State, Event>
    /// The state subject each feedback observes (`nil` for a direct call), by feedback index.
    @usableFromInline
    let subjects: [SubjectCore<State, Never>?]
    /// The per-state feedbacks' runs (see ``EffectRun``), in feedback order.
    @usableFromInline
    let effectSlots: [EffectSlot<State, Event>]
    /// The event a reacting feedback answered the current state with, not queued yet: the role
    /// holder queues it with its next lock, so a `Feedback(reacting:)` iteration takes one lock
    /// pair. Queued earlier (``flushAnswered()``) when anything else could queue an event first.
    /// Role holder only.
    @exclusivity(unchecked)
    @usableFromInline
    var answered: Queued?
    @usableFromInline
    let context: ExecutionContext
    @usableFromInline
    let diagnostics: LoopDiagnostics
    @usableFromInline
    let names: [String]
    /// Counts the loop in `Resources` until it is disposed or deallocated (debug builds only).
    @usableFromInline
    let resourceToken = Resources.track(.loops)
    /// The dependencies in force where the loop was started: its reducer and feedbacks run
    /// with them, on whatever thread drains it.
    @usableFromInline
    let dependencies = DependencyScope.captured

    /// One step of handing a state to the feedbacks.
    @usableFromInline
    enum Stage {
        /// A `Feedback(reacting:)` on the loop's context, called directly by the role holder.
        case reacting(@Sendable (State) -> Event?, source: Int)
        /// A run of consecutive signal feedbacks, observing one state subject.
        case subject(SubjectCore<State, Never>)
        /// A per-state feedback (``Feedback/perStateEffect``) on the loop's context, whose effect
        /// the role holder starts for each state (``startEffect(_:for:in:source:)``).
        case effect(@Sendable (State) -> Signal<Event, Never>?, EffectSlot<State, Event>, source: Int)
    }

    @usableFromInline
    struct Queued {
        @usableFromInline
        let event: Event
        @usableFromInline
        let source: Int

        @inlinable
        init(event: Event, source: Int) {
            self.event = event
            self.source = source
        }
    }

    @usableFromInline
    init(
        initial: State,
        reducer: Reducer<State, Event>,
        feedbacks: [Feedback<State, Event>],
        output: Observer<State, Never>,
        context: ExecutionContext,
        diagnostics: LoopDiagnostics
    ) {
        state = initial
        self.reducer = reducer
        names = feedbacks.enumerated().map { index, feedback in feedback.name ?? "feedback #\(index)" }
        self.output = output
        outputHandler = output.eventHandler
        outputLifetime = output.disposalPoll
        self.context = context
        self.diagnostics = diagnostics
        var stages: [Stage] = []
        var subjects: [SubjectCore<State, Never>?] = []
        var effectSlots: [EffectSlot<State, Event>] = []
        var current: SubjectCore<State, Never>?
        for (index, feedback) in feedbacks.enumerated() {
            if feedback.context == nil, let reaction = feedback.reaction {
                stages.append(.reacting(reaction, source: index))
                subjects.append(nil)
                current = nil
                continue
            }
            if feedback.context == nil, let effect = feedback.perStateEffect {
                let slot = EffectSlot<State, Event>()
                stages.append(.effect(effect, slot, source: index))
                effectSlots.append(slot)
                subjects.append(nil)
                current = nil
                continue
            }
            if current == nil {
                let subject = SubjectCore<State, Never>()
                stages.append(.subject(subject))
                current = subject
            }
            subjects.append(current)
        }
        self.stages = stages
        self.subjects = subjects
        self.effectSlots = effectSlots
        if stages.count == 1, case .reacting(let reaction, _) = stages[0] {
            hasSoleReaction = true
            soleReaction = reaction
        } else {
            hasSoleReaction = false
            soleReaction = { _ in nil }
        }
        if stages.count == 1, case .effect(let effect, let slot, _) = stages[0] {
            hasSoleEffect = true
            soleEffect = effect
            soleEffectSlot = slot
        } else {
            hasSoleEffect = false
            soleEffect = { _ in nil }
            soleEffectSlot = EffectSlot()
        }
    }

    deinit {
        mutex.deallocate()
    }

    /// Whether the loop's observer was disposed: one atomic load in the common case.
    @inlinable
    var isOutputDisposed: Bool {
        outputLifetime.isDisposed
    }

    /// Delivers the initial state on the calling (observing) thread, then handles the queued
    /// events, on the loop's context, and gives up the role. The role is held since
    /// ``subscribe(_:)``, so an event sent meanwhile is queued.
    @inlinable
    func run() {
        if DependencyScope.inUse.load(ordering: .relaxed), let scope = DependencyScope.needed(dependencies) {
            scope.install { run() }
            return
        }
        if !isOutputDisposed, !isDisposed {
            deliverToFeedbacks(state, inEffectScope: !effectSlots.isEmpty && EffectScope.isActive)
            if !isOutputDisposed { outputHandler(.next(state)) }
        }
        if context.isImmediate {
            drain()
            return
        }
        flushAnswered()  // a direct reaction's answer to the initial state joins the queue
        mutex.unsafeLock()
        if !role.isClosed, first == nil, role.isQueueEmpty {
            _ = role.next()  // nothing queued: the role is given back (idle)
            mutex.unsafeUnlock()
            return
        }
        mutex.unsafeUnlock()
        context.execute { self.drain() }
    }

    /// Queues an event from the feedback at `source`; handles it now if the loop is idle.
    @inlinable
    func send(_ event: Event, from source: Int) {
        let queued = Queued(event: event, source: source)
        mutex.unsafeLock()
        switch role.phase {
        case .delivering:
            // The role is held: the holder handles the event.
            if first == nil, role.isQueueEmpty {
                first = queued
            } else {
                _ = role.enqueue(queued)
            }
            waiting.store(true, ordering: .releasing)
            mutex.unsafeUnlock()
            return
        case .idle:
            // Taken here (`deliverNow`); the drain starts from the slot.
            _ = role.enqueue(queued)
            first = queued
            waiting.store(true, ordering: .releasing)
            mutex.unsafeUnlock()
        case .sealed, .closing, .closed:
            mutex.unsafeUnlock()
            return
        }
        if context.isImmediate {
            drain()
        } else {
            context.execute { self.drain() }
        }
    }

    /// Handles queued events until the queue is empty, then gives up the role; on a
    /// non-immediate context, yields the context after every `batchLimit` events.
    @inlinable
    func drain() {
        if DependencyScope.inUse.load(ordering: .relaxed), let scope = DependencyScope.needed(dependencies) {
            scope.install { drain() }
            return
        }
        #if DEBUG
        var depth = 0
        #endif
        var budget = context.isImmediate ? Int.max : Self.batchLimit
        // Read once for the whole drain (see `startEffect`): no effect, no thread-local read.
        let inEffectScope = !effectSlots.isEmpty && EffectScope.isActive
        while true {
            if budget == 0 {
                if TurnHandoff.schedule(in: context, { self.drain() }) { return }
                budget = Self.batchLimit  // the context ran the turn inline: continue here
            }
            budget &-= 1
            let mine = answered
            answered = nil
            let next: Queued
            if let mine, !waiting.load(ordering: .acquiring) {
                next = mine  // nothing queued, not closed: the synchronous loop's path, no lock
            } else {
                mutex.unsafeLock()
                if role.isClosed {
                    _ = role.next()  // closing → closed: the holder stops
                    let dropped = (first, mine, takeRuns())  // the runs were cancelled by `dispose()`
                    first = nil
                    mutex.unsafeUnlock()
                    withExtendedLifetime(dropped) {}  // events are released outside the lock
                    return
                }
                if let oldest = first {
                    next = oldest
                    first = nil
                    if let mine { _ = Self.queue(mine, in: &role) }
                } else if let mine, role.isQueueEmpty {
                    next = mine  // the only event, never stored
                } else if case .deliver(let oldest) = role.next() {
                    next = oldest
                    if let mine { _ = Self.queue(mine, in: &role) }
                } else {
                    waiting.store(false, ordering: .relaxed)
                    mutex.unsafeUnlock()  // `next()` gave the role back: idle
                    return
                }
                waiting.store(!role.isQueueEmpty, ordering: .relaxed)  // `first` is nil here
                mutex.unsafeUnlock()
            }
            do throws(StoreError) {
                try reducer.reduce(&state, next.event)
            } catch {
                diagnostics.rejected(error)
                continue
            }
            #if DEBUG
            depth &+= 1
            if let limit = diagnostics.synchronousDepthLimit, depth == limit &+ 1 {
                report(depth: depth, next)
            }
            #endif
            if isOutputDisposed { continue }
            // The feedbacks first, then the observer (ReactiveFeedback's and Spin's order): an
            // observer that stops the loop on this state still lets its effects start.
            if hasSoleReaction {
                // The loop's only feedback is a direct call (kept inline: the synchronous loop's path).
                if let event = soleReaction(state) { answered = Queued(event: event, source: 0) }
            } else if hasSoleEffect {
                // The loop's only feedback is a per-state effect (ReactiveFeedback's usual loop).
                startEffect(soleEffect, for: state, in: soleEffectSlot, source: 0, inEffectScope: inEffectScope)
            } else {
                deliverToFeedbacks(state, inEffectScope: inEffectScope)
            }
            // A feedback that disposed the loop stops the delivery of this state.
            if isOutputDisposed { continue }
            outputHandler(.next(state))
        }
    }

    /// Stops the loop: no state is delivered after the current one, every feedback is disposed.
    @usableFromInline
    func dispose() {
        mutex.unsafeLock()
        let closed = role.close()
        if case .alreadyClosed = closed {
            mutex.unsafeUnlock()
            return
        }
        waiting.store(true, ordering: .releasing)  // the holder takes the lock and stops
        // Idle (`release`) or draining (`handOff`: the holder stops at its next step, and takes
        // the effects' runs out of their slots then).
        let dropped = (first, closed.dropped)
        first = nil
        let observations = self.observations
        self.observations = []
        let runs: [EffectRun<State, Event>]
        if case .release = closed { runs = takeRuns() } else { runs = currentRuns() }
        mutex.unsafeUnlock()
        withExtendedLifetime(dropped) {}  // events are released outside the lock
        for run in runs { run.cancel() }
        for observation in observations { observation.dispose() }
        for case .subject(let subject) in stages { subject.close() }
        resourceToken.end()
    }
}
