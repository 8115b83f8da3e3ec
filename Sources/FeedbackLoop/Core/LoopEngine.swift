public import StreamCore

/// One running loop: the state, the queue of events, the reducer, and the feedbacks' observations.
///
/// Serial by construction, never recursive:
/// - One thread at a time holds the *drain role* (`isRunning`, taken and given back under
///   `mutex`). It pops an event, reduces, and delivers the new state to the loop's observer and
///   then to the feedbacks. An event sent meanwhile, from a feedback reacting synchronously or
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
    // @unchecked Sendable: `queue`, `isRunning`, `stopped` and `observations` are guarded by
    // `mutex`; `state` is read and written only by the drain-role holder (see above).
    @usableFromInline
    let mutex = PThreadMutex()
    /// The oldest queued event when it is the only one (the common case of a synchronous loop:
    /// one event per state), kept out of `queue` so that it costs no array traffic. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var first: Queued?
    /// Events queued after `first`, in order. Mutex.
    @exclusivity(unchecked)
    @usableFromInline
    var queue = FIFOQueue<Queued>()
    @exclusivity(unchecked)
    @usableFromInline
    var isRunning = true  // the starting thread holds the role until the first drain ends
    @exclusivity(unchecked)
    @usableFromInline
    var stopped = false
    @exclusivity(unchecked)
    @usableFromInline
    var observations: [any Disposable] = []
    @exclusivity(unchecked)
    @usableFromInline
    var state: State
    @usableFromInline
    let reducer: Reducer<State, Event>
    @usableFromInline
    let output: Observer<State, Never>
    @usableFromInline
    let states = SubjectCore<State, Never>()
    @usableFromInline
    let context: ExecutionContext
    @usableFromInline
    let diagnostics: LoopDiagnostics
    @usableFromInline
    let names: [String]
    /// Counts the loop in `Resources` until it is disposed or deallocated (debug builds only).
    @usableFromInline
    let resourceToken = Resources.track(.loops)

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

    @inlinable
    init(
        initial: State,
        reducer: Reducer<State, Event>,
        feedbackNames: [String],
        output: Observer<State, Never>,
        context: ExecutionContext,
        diagnostics: LoopDiagnostics
    ) {
        state = initial
        self.reducer = reducer
        names = feedbackNames
        self.output = output
        self.context = context
        self.diagnostics = diagnostics
    }

    deinit {
        mutex.deallocate()
    }

    /// The signal of states the feedbacks observe: the role holder sends into it.
    @inlinable
    var stateSignal: Signal<State, Never> {
        let states = self.states
        // Trusted: the subject delivers serially and never after the observer's node is disposed.
        return Signal.trusted { observer in states.observe { observer.on($0) } }
    }

    /// Subscribes the feedbacks, on the observing thread and with the role held, so that every
    /// event they send from now on is queued, even before the loop first runs on its context.
    @inlinable
    func subscribe(_ feedbacks: [Feedback<State, Event>]) {
        let input = stateSignal
        for (index, feedback) in feedbacks.enumerated() {
            let states = feedback.context.map { input.receive(on: $0) } ?? input
            let observation = feedback.effects(states).observe { [self] event in
                if case .next(let event) = event { send(event, from: index) }
            }
            let rejected: Bool = mutex.withLock {
                if stopped { return true }
                observations.append(observation)
                return false
            }
            if rejected {
                observation.dispose()
                return
            }
        }
    }

    /// Delivers the initial state on the calling (observing) thread, then handles the queued
    /// events, on the loop's context, and gives up the role. The role is held since
    /// ``subscribe(_:)``, so an event sent meanwhile is queued.
    @inlinable
    func run() {
        if !output.isDisposed, !isDisposed {
            output.receive(state)
            states.send(.next(state))
        }
        if context.isImmediate {
            drain()
            return
        }
        mutex.lock()
        if !stopped, first == nil, queue.isEmpty {
            isRunning = false
            mutex.unlock()
            return
        }
        mutex.unlock()
        context.execute { self.drain() }
    }

    /// How many events a drain on a non-immediate context handles per turn before it yields.
    @usableFromInline
    static var batchLimit: Int { 64 }

    /// Queues an event from the feedback at `source`; handles it now if the loop is idle.
    @inlinable
    func send(_ event: Event, from source: Int) {
        mutex.lock()
        if stopped {
            mutex.unlock()
            return
        }
        if first == nil, queue.isEmpty {
            first = Queued(event: event, source: source)
        } else {
            queue.append(Queued(event: event, source: source))
        }
        if isRunning {
            mutex.unlock()
            return
        }
        isRunning = true
        mutex.unlock()
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
        #if DEBUG
        var depth = 0
        #endif
        var budget = context.isImmediate ? Int.max : Self.batchLimit
        while true {
            if budget == 0 {
                if TurnHandoff.schedule(in: context, { self.drain() }) { return }
                budget = Self.batchLimit  // the context ran the turn inline: continue here
            }
            budget &-= 1
            mutex.lock()
            if stopped {
                isRunning = false
                let dropped = (first, queue.removeAll())
                first = nil
                mutex.unlock()
                withExtendedLifetime(dropped) {}  // events are released outside the lock
                return
            }
            let next: Queued
            if let oldest = first {
                next = oldest
                first = nil
            } else if let oldest = queue.popFirst() {
                next = oldest
            } else {
                isRunning = false
                mutex.unlock()
                return
            }
            mutex.unlock()
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
            if output.isDisposed { continue }
            output.receive(state)
            states.send(.next(state))
        }
    }

    @usableFromInline
    func report(depth: Int, _ queued: Queued) {
        let name = queued.source < names.count ? names[queued.source] : "input #\(queued.source)"
        diagnostics.report(ReentrancyReport(
            depth: depth,
            feedbackIndex: queued.source,
            feedback: name,
            event: String(describing: queued.event)
        ))
    }

    /// Stops the loop: no state is delivered after the current one, every feedback is disposed.
    @usableFromInline
    func dispose() {
        mutex.lock()
        if stopped {
            mutex.unlock()
            return
        }
        stopped = true
        let dropped = isRunning ? (nil, []) : (first, queue.removeAll())
        if !isRunning { first = nil }
        let observations = self.observations
        self.observations = []
        mutex.unlock()
        withExtendedLifetime(dropped) {}  // events are released outside the lock
        for observation in observations { observation.dispose() }
        states.close()
        resourceToken.end()
    }

    /// Whether the loop was disposed.
    @usableFromInline
    var isDisposed: Bool {
        mutex.withLock { stopped }
    }
}
