/// The engine of the time-based operators: one observation's operator state under one lock, a
/// timer on a scheduler, and an outbox that delivers events downstream in the order they were
/// decided.
///
/// Upstream events and timer firings arrive on different threads. Each is turned into a
/// *transition* that runs under the lock: it updates the operator's state and records effects
/// (events to send, a timer to start or cancel). After unlocking, the timer is (re)scheduled and
/// the outbox drained by whichever thread is not already draining it, so downstream sees events
/// one at a time, in decision order, and no user code (downstream, scheduler, disposables) runs
/// under the lock. A terminal event closes the observation: later transitions are ignored, the
/// upstream and the timer are disposed at once, and the downstream is released once the event
/// is delivered.
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
        var outbox = FIFOQueue<Event>()
        var downstream: Observer<Element, Error>?
        var upstream: (any Disposable)?
        var timer: (any Disposable)?
        var generation: UInt64 = 0
        /// The generation of the timer that is scheduled, `nil` when none is.
        var armed: UInt64?
        var isDelivering = false
        var isClosed = false
        var isDisposed = false
    }

    private let guarded: LockedState<Guarded>
    private let scheduler: any Scheduler
    private let onTimer: @Sendable (inout State, inout Effects) -> Void
    private let downstreamLifetime: (any Disposable)?

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
            if guarded.isClosed { return true }
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
                if guarded.isClosed { return (nil, [], nil) }
                if let fired {
                    guard guarded.armed == fired else { return (nil, [], nil) }
                    guarded.armed = nil
                    guarded.timer = nil
                }
                transition(&guarded.state, &effects)
                var toDispose: [any Disposable] = []
                var startTimer: (Duration, UInt64)?
                while let event = effects.outbox.popFirst() {
                    guard !guarded.isClosed else { break }
                    if event.isTerminal { guarded.isClosed = true }
                    guarded.outbox.append(event)
                }
                if guarded.isClosed {
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
                if guarded.isDelivering || guarded.outbox.isEmpty { return (startTimer, toDispose, nil) }
                guarded.isDelivering = true
                return (startTimer, toDispose, guarded.downstream)
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
            guard guarded.armed == generation, !guarded.isDisposed else { return true }
            guarded.timer = token
            return false
        }
        // Restarted, cancelled, or already fired (on another thread) before we got here.
        if stale { token.dispose() }
    }

    private func drain(to downstream: Observer<Element, Error>) {
        while true {
            let next: Event? = guarded.withLock { guarded in
                if !guarded.isDisposed, let event = guarded.outbox.popFirst() { return event }
                guarded.isDelivering = false
                return nil
            }
            guard let event = next else {
                releaseIfDisposed()
                return
            }
            downstream.on(event)
            if event.isTerminal {
                guarded.withLock { $0.isDelivering = false }
                dispose()
                return
            }
        }
    }

    private func releaseIfDisposed() {
        let downstream: Observer<Element, Error>? = guarded.withLock { guarded in
            guard guarded.isDisposed, !guarded.isDelivering else { return nil }
            defer { guarded.downstream = nil }
            return guarded.downstream
        }
        _ = downstream
    }

    /// Ends the observation: queued events are dropped, the upstream and the timer disposed.
    package func dispose() {
        let (upstream, timer, downstream, dropped) = guarded.withLock { guarded in
            if guarded.isDisposed {
                return ((any Disposable)?.none, (any Disposable)?.none, Observer<Element, Error>?.none, ContiguousArray<Event>())
            }
            guarded.isDisposed = true
            guarded.isClosed = true
            guarded.armed = nil
            defer { guarded.upstream = nil; guarded.timer = nil }
            var downstream: Observer<Element, Error>?
            if !guarded.isDelivering {
                downstream = guarded.downstream
                guarded.downstream = nil
            }
            return (guarded.upstream, guarded.timer, downstream, guarded.outbox.removeAll())
        }
        upstream?.dispose()
        timer?.dispose()
        _ = (downstream, dropped)
    }

    /// Whether the observation ended (disposed, terminated, or an outer lifetime ended).
    package var isDisposed: Bool {
        guarded.withLock { $0.isDisposed } || (downstreamLifetime?.isDisposed ?? false)
    }
}
