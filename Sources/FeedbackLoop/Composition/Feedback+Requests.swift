public import StreamCore

extension Feedback {
    /// A feedback that runs one effect per request in the state, concurrently (RxFeedback's
    /// `react(requests:effects:)`).
    ///
    /// For each state, `requests` lists what should be running. A request that appears starts
    /// its effect; an effect keeps running, and is not restarted, while its request stays in the
    /// states; when the request disappears, exactly that effect is disposed. A request that
    /// disappears and comes back starts a new effect. An effect that completes on its own is not
    /// restarted while its request stays.
    ///
    /// ```swift
    /// struct State { var downloading: Set<URL> }
    /// let downloads = Feedback<State, Event>(requests: \.downloading) { url in
    ///     api.download(url).map { Event.downloaded(url, $0) }.recover { .failed(url, $0) }
    /// }
    /// ```
    ///
    /// Effects may send from any thread: their events are merged and delivered to the loop one at
    /// a time. Disposing the feedback (or ending the loop) disposes every running effect.
    ///
    /// - Parameters:
    ///   - requests: The requests that should be running in a state.
    ///   - effects: Starts the effect of a request; called serially, on the thread that delivers
    ///     the state.
    public init<Request: Hashable & Sendable>(
        requests: @escaping @Sendable (State) -> Set<Request>,
        effects: @escaping @Sendable (Request) -> Signal<Event, Never>
    ) {
        self.init(events: { states in
            states.keyedEffects(
                requests: { state in requests(state).map { (key: $0, request: $0) } },
                tracksUpdates: false,
                effects: { request, _ in effects(request) }
            )
        })
    }

    /// A feedback that runs one effect per request in the state, keyed by the requests' `id`.
    ///
    /// Like the `Set` form of `init(requests:effects:)`, but a request is
    /// identified by its `id`: **a request whose `id` stays in the states keeps its effect
    /// running even if its other properties change** (the effect keeps the value it was started
    /// with; use ``init(requests:effectsWithUpdates:)`` to follow the changes). Effects start
    /// in the order of the array; when two requests share an `id`, the first one counts.
    ///
    /// ```swift
    /// struct Upload: Identifiable, Sendable { let id: UUID; var progress: Double }
    /// let uploads = Feedback<State, Event>(requests: { $0.uploads }) { upload in
    ///     api.upload(upload.id).map { Event.uploaded(upload.id) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - requests: The requests that should be running in a state.
    ///   - effects: Starts the effect of a request; called serially, on the thread that delivers
    ///     the state.
    public init<Request: Identifiable & Sendable>(
        requests: @escaping @Sendable (State) -> [Request],
        effects: @escaping @Sendable (Request) -> Signal<Event, Never>
    ) where Request.ID: Sendable {
        self.init(events: { states in
            states.keyedEffects(
                requests: { state in requests(state).map { (key: $0.id, request: $0) } },
                tracksUpdates: false,
                effects: { request, _ in effects(request) }
            )
        })
    }

    /// A feedback that runs one effect per request in the state, keyed by `id`, and hands each
    /// effect the later values of its request (RxFeedback's `react(requests:effects:)` with a
    /// dictionary).
    ///
    /// The effect starts with the request's first value and a signal of its values in each later
    /// state in which its `id` is still present (every such state, whether the value changed or
    /// not). The effect is disposed when the `id` disappears.
    ///
    /// ```swift
    /// let timers = Feedback<State, Event>(requests: { $0.timers }) { timer, updates in
    ///     updates.map(\.interval).prepend(timer.interval).removeDuplicates()
    ///         .flatMapLatest { interval in Signal.interval(interval, scheduler: clock).map { _ in Event.tick(timer.id) } }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - requests: The requests that should be running in a state.
    ///   - effectsWithUpdates: Starts the effect of a request from its first value and the
    ///     signal of its later values; called serially, on the thread that delivers the state.
    public init<Request: Identifiable & Sendable>(
        requests: @escaping @Sendable (State) -> [Request],
        effectsWithUpdates: @escaping @Sendable (Request, Signal<Request, Never>) -> Signal<Event, Never>
    ) where Request.ID: Sendable {
        self.init(events: { states in
            states.keyedEffects(
                requests: { state in requests(state).map { (key: $0.id, request: $0) } },
                tracksUpdates: true,
                effects: effectsWithUpdates
            )
        })
    }
}

extension Signal where Error == Never {
    /// One effect per key in each element; see `Feedback.init(requests:effects:)`.
    func keyedEffects<Key: Hashable & Sendable, Request: Sendable, Output>(
        requests: @escaping @Sendable (Element) -> [(key: Key, request: Request)],
        tracksUpdates: Bool,
        effects: @escaping @Sendable (Request, Signal<Request, Never>) -> Signal<Output, Never>
    ) -> Signal<Output, Never> {
        let states = self
        // The public initializer serializes the effects' events, which may come from any thread.
        return Signal<Output, Never> { observer in
            let running = KeyedEffects<Key, Request, Output>(
                tracksUpdates: tracksUpdates,
                effects: effects,
                output: { observer.receive($0) }
            )
            let observation = states.observe { event in
                switch event {
                case .next(let state):
                    running.update(requests(state))
                case .failed, .completed:
                    running.dispose()
                    observer.receive(completion: .finished)
                }
            }
            return CompositeDisposable([observation, running])
        }
    }
}

/// The running effects of a keyed feedback.
///
/// ``update(_:)`` is called serially (states arrive one at a time); ``dispose()`` may come from
/// any thread. The map of running effects is guarded by the lock; effects are started and
/// disposed outside it.
final class KeyedEffects<Key: Hashable & Sendable, Request: Sendable, Output>: Disposable {
    private struct Running {
        let observation: SerialDisposable
        let updates: PassthroughSubject<Request, Never>?
    }

    private struct Storage {
        var running: [Key: Running] = [:]
        var isDisposed = false
    }

    private let storage = LockedState(Storage())
    private let tracksUpdates: Bool
    private let effects: @Sendable (Request, Signal<Request, Never>) -> Signal<Output, Never>
    private let output: @Sendable (Output) -> Void

    init(
        tracksUpdates: Bool,
        effects: @escaping @Sendable (Request, Signal<Request, Never>) -> Signal<Output, Never>,
        output: @escaping @Sendable (Output) -> Void
    ) {
        self.tracksUpdates = tracksUpdates
        self.effects = effects
        self.output = output
    }

    /// Disposes the effects whose key is gone, hands on the values of the staying ones, then
    /// starts the new ones in order.
    func update(_ requests: [(key: Key, request: Request)]) {
        var seen = Set<Key>()
        let wanted = requests.filter { seen.insert($0.key).inserted }
        let tracksUpdates = self.tracksUpdates
        let (stopped, kept, started): ([Running], [(Running, Request)], [(Running, Request)]) =
            storage.withLock { storage in
                if storage.isDisposed { return ([], [], []) }
                var stopped: [Running] = []
                for key in storage.running.keys where !seen.contains(key) {
                    if let running = storage.running.removeValue(forKey: key) { stopped.append(running) }
                }
                var kept: [(Running, Request)] = []
                var started: [(Running, Request)] = []
                for (key, request) in wanted {
                    if let running = storage.running[key] {
                        kept.append((running, request))
                    } else {
                        let running = Running(
                            observation: SerialDisposable(),
                            updates: tracksUpdates ? PassthroughSubject() : nil
                        )
                        storage.running[key] = running
                        started.append((running, request))
                    }
                }
                return (stopped, kept, started)
            }
        for running in stopped {
            running.observation.dispose()
            running.updates?.send(completion: .finished)
        }
        for (running, request) in kept {
            running.updates?.send(request)
        }
        let output = self.output
        for (running, request) in started {
            let updates = running.updates?.toSignal() ?? Signal.never()
            // If the feedback is disposed meanwhile, the serial disposable is already disposed
            // and disposes the observation as soon as it is set.
            running.observation.otherDisposable = effects(request, updates).trackedAsEffect().observe { event in
                if case .next(let element) = event { output(element) }
            }
        }
    }

    /// Disposes every running effect; later updates start nothing.
    func dispose() {
        let all: [Running] = storage.withLock { storage in
            storage.isDisposed = true
            defer { storage.running = [:] }
            return Array(storage.running.values)
        }
        for running in all {
            running.observation.dispose()
            running.updates?.send(completion: .finished)
        }
    }

    var isDisposed: Bool {
        storage.withLock { $0.isDisposed }
    }
}
