public import StreamCore
public import Synchronization

// The loop engine's smaller steps (LoopEngine.swift has the state, the drain and disposal).
extension LoopEngine {
    /// How many events a drain on a non-immediate context handles per turn before it yields.
    @usableFromInline
    static var batchLimit: Int { 64 }

    /// Queues the event a reacting feedback answered, if any (role holder only).
    @inlinable
    func flushAnswered() {
        guard let event = answered else { return }
        answered = nil
        mutex.lock()
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
        mutex.unlock()
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
