import StreamCore

/// One render target of a ``UISpin``: delivers states, in order, on its context, while its
/// container lives.
///
/// Delivery role (`DeliveryRole`), *drain on a context* specialisation: the first state that
/// finds the renderer idle takes the role and runs one drain on the context, which renders until
/// the queue is empty; a state offered meanwhile is queued. Each state carries the version the
/// spin gave it, and an offer older than the last one accepted is dropped, so a state rendered at
/// attach time never comes after a newer one. When the container is gone the drain finishes the
/// role and drops the rest. The render closure runs outside the lock, and states are released
/// outside it.
final class Renderer<State: Sendable>: Sendable {
    private struct Storage {
        var role = DeliveryRole<State>()
        var lastVersion = 0
    }

    private let storage = LockedState(Storage())
    private let context: ExecutionContext
    /// Renders a state; returns `false` once the container is gone.
    private let render: @Sendable (State) -> Bool

    init(context: ExecutionContext, render: @escaping @Sendable (State) -> Bool) {
        self.context = context
        self.render = render
    }

    /// Whether the container is gone (the renderer then ignores every state).
    var isDead: Bool {
        storage.withLock { $0.role.isClosed }
    }

    /// Queues `state` unless a newer one was already accepted; starts a drain if idle.
    func offer(_ state: State, version: Int) {
        let action: DeliveryRole<State>.DrainAction? = storage.withLock { storage in
            guard storage.role.isAccepting, version > storage.lastVersion else { return nil }
            storage.lastVersion = version
            return storage.role.enqueueForDrain(state)
        }
        if case .startDrain = action {
            context.execute { self.drain() }
        }
    }

    /// Renders the queued states until none is left, then gives up the role.
    private func drain() {
        while case .deliver(let state) = storage.withLock({ $0.role.next() }) {
            if !render(state) {
                let dropped = storage.withLock { $0.role.finish() }
                withExtendedLifetime(dropped) {}  // states are released outside the lock
                return
            }
        }
    }
}
