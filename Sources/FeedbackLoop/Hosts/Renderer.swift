import StreamCore

/// One render target of a ``UISpin``: delivers states, in order, on its context, while its
/// container lives.
///
/// Serial by construction, like the loop engine: the first state that finds the renderer idle
/// takes the *drain role* and runs one drain on the context, which renders until the queue is
/// empty; a state offered meanwhile is queued. Each state carries the version the spin gave it, and
/// an offer older than the last one accepted is dropped, so a state rendered at attach time never
/// comes after a newer one. The render closure runs outside the lock.
final class Renderer<State: Sendable>: Sendable {
    private struct Storage {
        var pending = FIFOQueue<State>()
        var lastVersion = 0
        var isRunning = false
        var isDead = false
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
        storage.withLock { $0.isDead }
    }

    /// Queues `state` unless a newer one was already accepted; starts a drain if idle.
    func offer(_ state: State, version: Int) {
        let startsDrain: Bool = storage.withLock { storage in
            guard !storage.isDead, version > storage.lastVersion else { return false }
            storage.lastVersion = version
            storage.pending.append(state)
            if storage.isRunning { return false }
            storage.isRunning = true
            return true
        }
        if startsDrain {
            context.execute { self.drain() }
        }
    }

    /// Renders the queued states until none is left, then gives up the role.
    private func drain() {
        while true {
            let next: State? = storage.withLock { storage in
                if let state = storage.pending.popFirst() { return state }
                storage.isRunning = false
                return nil
            }
            guard let state = next else { return }
            if !render(state) {
                let dropped = storage.withLock { storage in
                    storage.isDead = true
                    storage.isRunning = false
                    return storage.pending.removeAll()
                }
                withExtendedLifetime(dropped) {}  // states are released outside the lock
                return
            }
        }
    }
}
