/// The engine of the time-based operators: one observation's operator state under one lock, a
/// timer on a scheduler, and an outbox that delivers events downstream in the order they were
/// decided.
///
/// Upstream events and timer firings arrive on different threads. Each is turned into a
/// *transition* that runs under the lock: it updates the operator's state and records effects
/// (events to send, a timer to start or cancel). After unlocking, the timer is (re)scheduled and
/// the outbox drained.
///
/// Delivery role (``DeliveryRole``), *outbox drained by whichever thread is free* specialisation:
/// a transition's events enter the role's queue in decision order; the thread whose transition
/// finds the role idle drains it, so downstream sees events one at a time, in decision order, and
/// no user code (downstream, scheduler, disposables) runs under the lock. A terminal event seals
/// the role: later transitions are ignored, the upstream and the timer are disposed at once, and
/// the downstream is released once the event is delivered (the role then finishes). Disposal
/// closes the role and drops the queue.
///
/// Each timer start gets a new generation; a firing whose generation is no longer armed (the timer
/// was restarted or cancelled, racing with the firing) is ignored.
package final class TimedObservation<State, Element, Error: Swift.Error>: Disposable {
    package typealias Event = Signal<Element, Error>.Event
    /// A state transition: reads and updates the state, records effects.
    package typealias Transition = (inout State, inout Effects) -> Void

    /// What a transition asks for; applied after the lock is released.
    package struct Effects {
        enum TimerRequest {
            case start(Duration)
            case cancel
        }

        fileprivate var outbox: FIFOQueue<Event>
        var timer: TimerRequest?
        /// The time the transition started at, read from the scheduler before locking.
        package let now: SchedulerTime

        /// Sends `event` downstream (after any event sent before it).
        package mutating func send(_ event: Event) {
            outbox.append(event)
        }

        /// Starts the timer, replacing a running one: ``TimedObservation``'s timer transition
        /// runs `delay` from now.
        package mutating func startTimer(after delay: Duration) {
            timer = .start(delay)
        }

        /// Cancels the running timer, if any.
        package mutating func cancelTimer() {
            timer = .cancel
        }
    }

    private struct Guarded {
        var state: State
        var role = DeliveryRole<Event>()
        var downstream: Observer<Element, Error>?
        var upstream: (any Disposable)?
        var timer: (any Disposable)?
        var generation: UInt64 = 0
        /// The generation of the timer that is scheduled, `nil` when none is.
        var armed: UInt64?
    }

    private let guarded: LockedState<Guarded>
    private let scheduler: any Scheduler
    private let onTimer: @Sendable (inout State, inout Effects) -> Void
    private let downstreamLifetime: ObserverLifetime?

    /// Creates the engine for one observation.
    ///
    /// - Parameters:
    ///   - state: The operator's initial state.
    ///   - downstream: Where the events go.
    ///   - scheduler: Where the timer runs.
    ///   - onTimer: The transition to run when the timer fires.
    package init(
        state: State,
        downstream: Observer<Element, Error>,
        scheduler: some Scheduler,
        onTimer: @escaping @Sendable (inout State, inout Effects) -> Void
    ) {
        self.guarded = LockedState(Guarded(state: state, downstream: downstream))
        self.scheduler = scheduler
        self.onTimer = onTimer
        self.downstreamLifetime = downstream.lifetime
    }

    /// Sets the disposable of the upstream observation; disposes it at once if already closed.
    package func setUpstream(_ disposable: any Disposable) {
        let rejected: Bool = guarded.withLock { guarded in
            if !guarded.role.isAccepting { return true }
            guarded.upstream = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Runs `transition` under the lock, then applies its effects; ignored once closed.
    package func update(_ transition: Transition) {
        perform(generation: nil, transition)
    }

    private func perform(generation fired: UInt64?, _ transition: Transition) {
        let now = scheduler.now
        var effects = Effects(outbox: FIFOQueue(), timer: nil, now: now)
        let (startTimer, toDispose, deliverer): ((Duration, UInt64)?, [any Disposable], Observer<Element, Error>?) =
            guarded.withLock { guarded in
                if !guarded.role.isAccepting { return (nil, [], nil) }
                if let fired {
                    guard guarded.armed == fired else { return (nil, [], nil) }
                    guarded.armed = nil
                    guarded.timer = nil
                }
                transition(&guarded.state, &effects)
                var toDispose: [any Disposable] = []
                var startTimer: (Duration, UInt64)?
                var startsDrain = false
                // Events after a terminal one stay in `effects` and are released after unlocking.
                while guarded.role.isAccepting, let event = effects.outbox.popFirst() {
                    if case .startDrain = guarded.role.enqueueForDrain(event, isLast: event.isTerminal) {
                        startsDrain = true
                    }
                }
                if !guarded.role.isAccepting {  // sealed by this transition's terminal event
                    effects.timer = .cancel
                    if let upstream = guarded.upstream { toDispose.append(upstream) }
                    guarded.upstream = nil
                }
                if let request = effects.timer {
                    if let timer = guarded.timer { toDispose.append(timer) }
                    guarded.timer = nil
                    guarded.armed = nil
                    if case .start(let delay) = request {
                        guarded.generation &+= 1
                        guarded.armed = guarded.generation
                        startTimer = (delay, guarded.generation)
                    }
                }
                return (startTimer, toDispose, startsDrain ? guarded.downstream : nil)
            }
        for disposable in toDispose { disposable.dispose() }
        if let (delay, generation) = startTimer { schedule(after: delay, generation: generation) }
        if let deliverer { drain(to: deliverer) }
    }

    private func schedule(after delay: Duration, generation: UInt64) {
        let token = scheduler.schedule(after: delay) { [self] in
            self.perform(generation: generation, self.onTimer)
        }
        let stale: Bool = guarded.withLock { guarded in
            guard guarded.armed == generation, !guarded.role.isClosed else { return true }
            guarded.timer = token
            return false
        }
        // Restarted, cancelled, or already fired (on another thread) before we got here.
        if stale { token.dispose() }
    }

    private func drain(to downstream: Observer<Element, Error>) {
        while true {
            switch guarded.withLock({ $0.role.next() }) {
            case .deliver(let event):
                downstream.on(event)
                if event.isTerminal {
                    close(finishing: true)
                    return
                }
            case .idle:
                return
            case .stop:
                // Disposed during a delivery: the downstream is ours to release, after unlocking.
                let released = guarded.withLock { guarded in
                    defer { guarded.downstream = nil }
                    return guarded.downstream
                }
                _ = released
                return
            }
        }
    }

    /// Ends the observation: queued events are dropped, the upstream and the timer disposed.
    package func dispose() {
        close(finishing: false)
    }

    /// Closes the role (disposal), or finishes it (`finishing`: the drain delivered the terminal
    /// event), then disposes the upstream and the timer and releases everything outside the lock.
    private func close(finishing: Bool) {
        let (upstream, timer, downstream, dropped) = guarded.withLock { guarded in
            let dropped: ContiguousArray<Event>
            var releasesDownstream = true
            if finishing {
                dropped = guarded.role.finish()
            } else {
                switch guarded.role.close() {
                case .alreadyClosed:
                    return ((any Disposable)?.none, (any Disposable)?.none, Observer<Element, Error>?.none, ContiguousArray<Event>())
                case .release(let taken):
                    dropped = taken
                case .handOff(let taken):
                    dropped = taken
                    releasesDownstream = false  // the drain releases it at its next step
                }
            }
            guarded.armed = nil
            defer { guarded.upstream = nil; guarded.timer = nil }
            var downstream: Observer<Element, Error>?
            if releasesDownstream {
                downstream = guarded.downstream
                guarded.downstream = nil
            }
            return (guarded.upstream, guarded.timer, downstream, dropped)
        }
        upstream?.dispose()
        timer?.dispose()
        _ = (downstream, dropped)
    }

    /// Whether the observation ended (disposed, terminated, or an outer lifetime ended).
    package var isDisposed: Bool {
        guarded.withLock { $0.role.isClosed } || (downstreamLifetime?.isDisposed ?? false)
    }
}
