import StreamCore

/// The shared part of a ``UISpin``: the last state, the render targets and the running loop.
///
/// The decorated spin's feedbacks capture this core, never the ``UISpin`` itself, so the host can
/// be released (which stops the loop) while the loop runs.
final class UISpinCore<State: Sendable, Event: Sendable>: Sendable {
    private struct Storage: HostedLoopStorage {
        var state: State
        /// How many states the loop delivered; 0 before the first one.
        var version = 0
        var renderers: [Renderer<State>] = []
        var isStarted = false
        var isStopped = false
        var loop: (any Disposable)?
    }

    private let storage: LockedState<Storage>
    /// The events sent with ``UISpin/emit(_:)``.
    let inputs = EventInput<Event>()

    init(initialState: State) {
        storage = LockedState(Storage(state: initialState))
    }

    var state: State {
        storage.withLock { $0.state }
    }

    /// The feedback recording each state and handing it to the renderers.
    var stateFeedback: Feedback<State, Event> {
        Feedback(events: { [self] states in
            Signal<Event, Never> { _ in states.observeNext { state in self.receive(state) } }
        })
    }

    /// The feedback sending emitted events into the loop.
    var inputFeedback: Feedback<State, Event> {
        inputs.feedback()
    }

    private func receive(_ state: State) {
        let (renderers, version): ([Renderer<State>], Int) = storage.withLock { storage in
            storage.state = state
            storage.version += 1
            storage.renderers.removeAll { $0.isDead }
            return (storage.renderers, storage.version)
        }
        for renderer in renderers { renderer.offer(state, version: version) }
    }

    /// Adds a render target; if a loop already delivered states, renders the current one.
    func attach(_ renderer: Renderer<State>) {
        let current: (State, Int)? = storage.withLock { storage in
            storage.renderers.removeAll { $0.isDead }
            storage.renderers.append(renderer)
            return storage.version > 0 ? (storage.state, storage.version) : nil
        }
        if let (state, version) = current { renderer.offer(state, version: version) }
    }

    /// Starts `spin`'s loop once; later calls, and calls after ``stop()``, do nothing.
    func start(_ spin: Spin<State, Event>) {
        storage.startHostedLoop(spin, inputs: inputs)
    }

    /// Stops the loop started with ``start(_:)`` and forgets the render targets.
    func stop() {
        let (loop, renderers): ((any Disposable)?, [Renderer<State>]) = storage.withLock { storage in
            storage.isStopped = true
            defer {
                storage.loop = nil
                storage.renderers = []
            }
            return (storage.loop, storage.renderers)
        }
        withExtendedLifetime(renderers) {}  // released outside the lock
        loop?.dispose()
        inputs.stopExpecting()
    }
}
