import StreamCore

/// The shared part of an ``ObservableSpin``: the stream of states to the main actor, the input
/// subject and the running loop.
///
/// The decorated spin's feedbacks capture this core, never the host, so the host can be released
/// (which stops the loop) while the loop runs. States reach the host through one `AsyncStream`
/// consumed by one main-actor task, so they arrive in order.
final class ObservableSpinCore<State: Sendable, Event: Sendable>: Sendable {
    private struct Storage: HostedLoopStorage {
        var isStarted = false
        var isStopped = false
        var loop: (any Disposable)?
        var consumer: Task<Void, Never>?
    }

    private let storage = LockedState(Storage())
    private let continuation: AsyncStream<State>.Continuation
    /// The states produced by the loop, for the host's consumer task.
    let states: AsyncStream<State>
    /// The events sent with ``ObservableSpin/emit(_:)``.
    let inputs = EventInput<Event>()

    init() {
        (states, continuation) = AsyncStream.makeStream(of: State.self)
    }

    /// The feedback handing each state to the host.
    var stateFeedback: Feedback<State, Event> {
        let continuation = self.continuation
        return Feedback(events: { states in
            Signal<Event, Never> { _ in states.observeNext { state in continuation.yield(state) } }
        })
    }

    /// The feedback sending emitted events into the loop.
    var inputFeedback: Feedback<State, Event> {
        inputs.feedback()
    }

    /// Keeps the host's consumer task, to cancel it on ``stop()``.
    func setConsumer(_ task: Task<Void, Never>) {
        let stopped: Bool = storage.withLock { storage in
            if storage.isStopped { return true }
            storage.consumer = task
            return false
        }
        if stopped { task.cancel() }
    }

    /// Starts `spin`'s loop once; later calls, and calls after ``stop()``, do nothing.
    func start(_ spin: Spin<State, Event>) {
        storage.startHostedLoop(spin, inputs: inputs)
    }

    /// Stops the loop and the consumer task, and ends the stream of states.
    func stop() {
        let (loop, consumer): ((any Disposable)?, Task<Void, Never>?) = storage.withLock { storage in
            storage.isStopped = true
            defer {
                storage.loop = nil
                storage.consumer = nil
            }
            return (storage.loop, storage.consumer)
        }
        loop?.dispose()
        inputs.stopExpecting()
        consumer?.cancel()
        continuation.finish()
    }
}
