public import StreamCore
public import Synchronization

// The loop engine's smaller steps: subscribing the feedbacks, handing a state to them, queuing a
// reaction's answer (LoopEngine.swift has the state, the drain and disposal).
extension LoopEngine {
    /// Subscribes the feedbacks, on the observing thread and with the role held, so that every
    /// event they send from now on is queued, even before the loop first runs on its context.
    /// A `Feedback(reacting:)` on the loop's context becomes a direct call; each run of other
    /// feedbacks observes its own state subject, so states reach the feedbacks in their order.
    ///
    /// Inlinable so that the closure each feedback's events arrive in is specialised with the
    /// loop and calls a specialised ``send(_:from:)``: unspecialised, every event paid
    /// generic-metadata look-ups (Decision 0022).
    @inlinable
    func subscribe(_ feedbacks: [Feedback<State, Event>]) {
        for (index, feedback) in feedbacks.enumerated() {
            guard let subject = subjects[index] else { continue }
            // Trusted: the subject delivers serially and never after the observer's node is disposed.
            let input = Signal<State, Never>.trusted { observer in subject.observe { observer.on($0) } }
            let states = feedback.context.map { input.receive(on: $0) } ?? input
            let observation = feedback.effects(states).observe { [self] event in
                if case .next(let event) = event { send(event, from: index) }
            }
            let rejected: Bool = mutex.withLock {
                if role.isClosed { return true }
                observations.append(observation)
                return false
            }
            if rejected {
                observation.dispose()
                return
            }
        }
    }

    /// Hands `state` to the feedbacks in order (role holder only). `inEffectScope`: see
    /// ``startEffect(_:for:in:source:inEffectScope:)``.
    @inlinable
    func deliverToFeedbacks(_ state: State, inEffectScope: Bool) {
        if hasSoleReaction {
            if let event = soleReaction(state) { answered = Queued(event: event, source: 0) }
            return
        }
        for stage in stages {
            switch stage {
            case .reacting(let reaction, let source):
                // A disposal from a feedback stops the delivery of this state.
                if isOutputDisposed { return }
                flushAnswered()
                if let event = reaction(state) { answered = Queued(event: event, source: source) }
            case .subject(let subject):
                flushAnswered()
                subject.send(.next(state))
            case .effect(let effect, let slot, let source):
                // A disposal from a feedback stops the delivery of this state.
                if isOutputDisposed { return }
                flushAnswered()
                startEffect(effect, for: state, in: slot, source: source, inEffectScope: inEffectScope)
            }
        }
    }

    /// How many events a drain on a non-immediate context handles per turn before it yields.
    @usableFromInline
    static var batchLimit: Int { 64 }

    /// Queues the event a reacting feedback answered, if any (role holder only).
    @inlinable
    func flushAnswered() {
        guard let event = answered else { return }
        answered = nil
        mutex.unsafeLock()
        let dropped: Queued?
        if role.isClosed {
            dropped = event
        } else if first == nil, role.isQueueEmpty {
            first = event
            dropped = nil
        } else {
            dropped = Self.queue(event, in: &role)
        }
        waiting.store(true, ordering: .releasing)
        mutex.unsafeUnlock()
        withExtendedLifetime(dropped) {}  // a dropped event is released outside the lock
    }

    @usableFromInline
    func report(depth: Int, _ queued: Queued) {
        let name = queued.source < names.count ? names[queued.source] : "input #\(queued.source)"
        diagnostics.report(
            ReentrancyReport(
                depth: depth,
                feedbackIndex: queued.source,
                feedback: name,
                event: String(describing: queued.event)
            ))
    }

    /// Whether the loop was disposed.
    @usableFromInline
    var isDisposed: Bool {
        mutex.withLock { role.isClosed }
    }

    /// Queues an event for the role holder; returns it if refused (release it after unlocking).
    @inlinable
    static func queue(_ event: Queued, in role: inout DeliveryRole<Queued>) -> Queued? {
        if case .dropped(let event) = role.enqueue(event) { return event }
        return nil
    }
}
