import StreamCore

/// The events a host (``UISpin``, ``ObservableSpin``) emits into its loop.
///
/// A loop with a non-immediate executer subscribes its feedbacks later, on its context. So that
/// `start(); emit(event)` never loses `event`, the host calls ``expectSubscriber()`` before
/// starting its loop: until the input feedback subscribes, emitted events are buffered, and the
/// subscription delivers them first, in order, before any event emitted afterwards. Otherwise
/// events go straight to the subscribed loops (and are dropped when none is subscribed).
final class EventInput<Event: Sendable>: Sendable {
    private struct Storage {
        var isAwaitingSubscriber = false
        var pending: [Event] = []
    }

    private let storage = LockedState(Storage())
    private let subject = PassthroughSubject<Event, Never>()

    /// Buffers emitted events until the next input feedback subscribes.
    func expectSubscriber() {
        storage.withLock { $0.isAwaitingSubscriber = true }
    }

    /// Stops buffering and drops what was buffered.
    func stopExpecting() {
        let dropped: [Event] = storage.withLock { storage in
            storage.isAwaitingSubscriber = false
            defer { storage.pending = [] }
            return storage.pending
        }
        withExtendedLifetime(dropped) {}  // released outside the lock
    }

    /// Sends `event` to the subscribed loops, or buffers it while a subscriber is expected.
    func send(_ event: Event) {
        let buffered: Bool = storage.withLock { storage in
            guard storage.isAwaitingSubscriber else { return false }
            storage.pending.append(event)
            return true
        }
        if !buffered { subject.send(event) }
    }

    /// The feedback sending the events into a loop.
    func feedback<State>() -> Feedback<State, Event> {
        let subject = self.subject
        return Feedback(events: { [self] _ in
            Signal<Event, Never> { observer in
                let observation = subject.observe { observer.on($0) }
                // While buffering, `send` does not reach the subject: flush the buffer until it is
                // empty, then stop buffering in the same critical section, so nothing overtakes it.
                while let batch = self.takeBufferedOrStopBuffering() {
                    for event in batch { observer.receive(event) }
                }
                return observation
            }
        })
    }

    private func takeBufferedOrStopBuffering() -> [Event]? {
        storage.withLock { storage in
            if storage.pending.isEmpty {
                storage.isAwaitingSubscriber = false
                return nil
            }
            defer { storage.pending = [] }
            return storage.pending
        }
    }
}
