import StreamCore

extension Feedback {
    /// Runs this feedback, written for a part of a bigger state, inside a loop of the bigger state
    /// (ReactiveFeedback's `pullback(value:embedEvent:)`).
    ///
    /// The feedback receives `value` of every global state and its events are wrapped by
    /// `embedEvent`. Its ``context`` and ``name`` are kept.
    ///
    /// ```swift
    /// struct AppState { var counter: Int; var log: [String] }
    /// enum AppEvent { case counter(CounterEvent); case logged(String) }
    ///
    /// let counterFeedback = Feedback<Int, CounterEvent>(reacting: { $0 < 3 ? .increment : nil })
    /// let appFeedback: Feedback<AppState, AppEvent> =
    ///     counterFeedback.pullback(value: \.counter, embedEvent: AppEvent.counter)
    /// ```
    ///
    /// Every global state is handed on, also one that leaves the part unchanged: a feedback that
    /// must only react to changes of its part should skip repeats itself (for example with
    /// ``init(skippingRepeated:effects:)``), as it would when a loop of its own sends it the
    /// same state twice.
    ///
    /// - Parameters:
    ///   - value: The part of the global state this feedback reads.
    ///   - embedEvent: Wraps this feedback's events into global events.
    /// - Returns: A feedback of the global loop.
    public func pullback<GlobalState, GlobalEvent>(
        value: any KeyPath<GlobalState, State> & Sendable,
        embedEvent: @escaping @Sendable (Event) -> GlobalEvent
    ) -> Feedback<GlobalState, GlobalEvent> {
        let effects = self.effects
        var global = Feedback<GlobalState, GlobalEvent>(events: { states in
            effects(states.map { $0[keyPath: value] }).map(embedEvent)
        })
        global.context = context
        global.name = name
        return global
    }

    /// Runs this feedback while an optional part of a bigger state is present (TCA's `ifLet`
    /// for feedbacks).
    ///
    /// Each time the part becomes non-`nil`, the feedback is started with a signal of the part's
    /// values; when it becomes `nil`, that run is disposed, with every effect it started. Global
    /// states in which the part is `nil` are not handed to the feedback.
    ///
    /// ```swift
    /// struct AppState { var detail: DetailState? }
    /// let appFeedback: Feedback<AppState, AppEvent> =
    ///     detailFeedback.pullback(value: \.detail, embedEvent: AppEvent.detail)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The optional part of the global state this feedback reads.
    ///   - embedEvent: Wraps this feedback's events into global events.
    /// - Returns: A feedback of the global loop.
    public func pullback<GlobalState, GlobalEvent>(
        value: any KeyPath<GlobalState, State?> & Sendable,
        embedEvent: @escaping @Sendable (Event) -> GlobalEvent
    ) -> Feedback<GlobalState, GlobalEvent> {
        let effects = self.effects
        var global = Feedback<GlobalState, GlobalEvent>(events: { states in
            Signal<GlobalEvent, Never> { observer in
                let runs = PresenceRuns<State, Event> { event in observer.receive(embedEvent(event)) }
                let observation = states.observe { event in
                    switch event {
                    case .next(let state):
                        runs.update(state[keyPath: value], effects: effects)
                    case .failed, .completed:
                        runs.dispose()
                        observer.receive(completion: .finished)
                    }
                }
                return CompositeDisposable([observation, runs])
            }
        })
        global.context = context
        global.name = name
        return global
    }
}

/// The runs of a feedback over the periods in which an optional part of the state is present.
///
/// States arrive serially (the loop's state signal); ``dispose()`` may come from any thread.
private final class PresenceRuns<State, Event>: Disposable {
    private struct Run {
        let states: PassthroughSubject<State, Never>
        let observation: SerialDisposable
    }

    private struct Storage {
        var current: Run?
        var isDisposed = false
    }

    // LockedState's own Sendable conformance covers the (possibly non-Sendable) run it guards.
    /// What an update does once the lock is released.
    private enum Step {
        case nothing
        case end(Run)
        case send(Run)
        case start(Run)
    }

    private let storage = LockedState(Storage())
    private let output: @Sendable (Event) -> Void

    init(output: @escaping @Sendable (Event) -> Void) {
        self.output = output
    }

    /// Starts a run when `part` appears, ends it when it disappears, and hands it on otherwise.
    func update(
        _ part: State?,
        effects: @Sendable (Signal<State, Never>) -> Signal<Event, Never>
    ) {
        let step: Step = storage.withLock { storage in
            if storage.isDisposed { return .nothing }
            switch (storage.current, part) {
            case (nil, nil): return .nothing
            case (let run?, nil):
                storage.current = nil
                return .end(run)
            case (let run?, _?): return .send(run)
            case (nil, _?):
                let run = Run(states: PassthroughSubject(), observation: SerialDisposable())
                storage.current = run
                return .start(run)
            }
        }
        switch step {
        case .nothing:
            return
        case .end(let run):
            run.observation.dispose()
            run.states.send(completion: .finished)
        case .send(let run):
            if let part { run.states.send(part) }
        case .start(let run):
            let output = self.output
            // A disposal meanwhile disposed the serial disposable: the observation is then
            // disposed as soon as it is set.
            run.observation.otherDisposable = effects(run.states.toSignal()).observe { event in
                if case .next(let event) = event { output(event) }
            }
            if let part { run.states.send(part) }
        }
    }

    func dispose() {
        let run: Run? = storage.withLock { storage in
            storage.isDisposed = true
            defer { storage.current = nil }
            return storage.current
        }
        run?.observation.dispose()
        run?.states.send(completion: .finished)
    }

    var isDisposed: Bool {
        storage.withLock { $0.isDisposed }
    }
}
