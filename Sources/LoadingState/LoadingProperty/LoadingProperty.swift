public import StreamCore

/// A property whose value comes from asynchronous work: it loads when first observed, shares
/// the result with every observer, and can be reloaded.
///
/// ```swift
/// final class UserService {
///     let user: LoadingProperty<User, APIError>
///
///     init(api: API) {
///         user = LoadingProperty { api.fetchUser().toLoadingSignal() }
///     }
///
///     func refresh() -> LoadingSignal<User, APIError> {
///         user.reload()
///     }
/// }
/// ```
///
/// - **Lazy.** Creating the property runs nothing; the work starts on the first observation (or
///   the first ``reload(silently:)``).
/// - **Shared.** All observers see the same states; a late observer first receives the current
///   state. As a signal the property sends ``LoadingState``s; ``observedStates`` sends
///   ``ObservedLoadingState``s, in which every load after the first result is `.reloading`
///   (also for an observer that arrives during the reload).
/// - **One load at a time.** A ``reload(silently:)`` while a load is running *joins* it: no second
///   load starts, and the returned signal reports the running load. See
///   `Docs/Decisions/0007-loading-state.md`.
/// - The work's signal should complete after its result; a load counts as running until then.
///   Disposing observers does not cancel a running load (other observers share it); releasing the
///   property does.
public final class LoadingProperty<LoadingValue, LoadingError: Swift.Error>: SignalProtocol, Sendable {
    /// The property sends plain loading states.
    public typealias Element = LoadingState<LoadingValue, LoadingError>
    /// The property never fails; a load's error is a `.failed` state.
    public typealias Error = Never

    private let work: @Sendable () -> LoadingSignal<LoadingValue, LoadingError>
    private let states = Property<ObservedLoadingState<LoadingValue, LoadingError>>(.loading)
    private let control = LockedState(LoadingPropertyControl<LoadingValue, LoadingError>())
    /// The dependencies in force where the property was created: each load runs with them.
    private let dependencies = DependencyScope.captured

    /// Creates a property that loads with `work`, when first observed.
    ///
    /// `work` runs with the dependencies in force here (StreamCore's `DependencyValues`), with
    /// what the scope of the call that starts a load set since on top.
    ///
    /// - Parameter work: Returns the loading signal of one load; called once per load.
    public init(_ work: @escaping @Sendable () -> LoadingSignal<LoadingValue, LoadingError>) {
        self.work = work
    }

    deinit {
        control.withLock { $0.run }?.disposable.dispose()
    }

    /// The current state; `.loading` until the first load finishes.
    public var loadingState: LoadingState<LoadingValue, LoadingError> {
        states.value.asLoadingState
    }

    /// The current state as observers see it (`.reloading` during a reload).
    public var observedLoadingState: ObservedLoadingState<LoadingValue, LoadingError> {
        states.value
    }

    /// The loaded value, or `nil` while nothing is loaded or after a failed (non-silent) load.
    public var value: LoadingValue? {
        states.value.value
    }

    /// Whether a load is running right now.
    public var isLoading: Bool {
        control.withLock { $0.run != nil }
    }

    /// Observes the property's states, starting the first load if nothing has loaded yet.
    ///
    /// - Parameter observer: Receives the current state, then every change.
    /// - Returns: A disposable that ends this observation (the load goes on for others).
    public func observe(
        with observer: @escaping @Sendable (Signal<Element, Never>.Event) -> Void
    ) -> any Disposable {
        let shouldStart = claimFirstLoad()
        let disposable = states.map { $0.asLoadingState }.observe(with: observer)
        if shouldStart { _ = startLoad(silently: false) }
        return disposable
    }

    /// The property's states as ``ObservedLoadingState``s; observing starts the first load.
    public var observedStates: SafeSignal<ObservedLoadingState<LoadingValue, LoadingError>> {
        SafeSignal { [self] observer in
            let shouldStart = claimFirstLoad()
            let disposable = states.observe { observer.on($0) }
            if shouldStart { _ = startLoad(silently: false) }
            return disposable
        }
    }

    /// Runs the work again, or joins the load already running.
    ///
    /// Joining means: when a load is running (the first load, or an earlier reload, silent or
    /// not), no new load starts and the returned signal reports that load's states and result.
    ///
    /// Observers of the property see `.reloading` (in ``observedStates``; `.loading` as a plain
    /// ``LoadingState``), then `.loaded` or `.failed`. A silent reload leaves the state alone
    /// while it runs and on failure: observers only see a new value when it arrives.
    ///
    /// - Parameter silently: When `true`, no loading state and no failure reach the property's
    ///   observers. Default `false`.
    /// - Returns: The states of this load (replayed to late observers), ending when it completes.
    @discardableResult
    public func reload(silently: Bool = false) -> LoadingSignal<LoadingValue, LoadingError> {
        _ = claimFirstLoad()
        return startLoad(silently: silently)
    }

    private func claimFirstLoad() -> Bool {
        control.withLock { control in
            if control.hasStarted { return false }
            control.hasStarted = true
            return true
        }
    }

    private func startLoad(silently: Bool) -> LoadingSignal<LoadingValue, LoadingError> {
        let (run, isNew) = control.withLock { control -> (LoadingRun<LoadingValue, LoadingError>, Bool) in
            if let running = control.run { return (running, false) }
            let run = LoadingRun<LoadingValue, LoadingError>(silently: silently)
            control.run = run
            return (run, true)
        }
        guard isNew else { return run.states.toSignal() }
        if !silently, case .loaded = states.value {
            states.send(.reloading)
        } else if !silently, case .failed = states.value {
            states.send(.reloading)
        }
        run.states.send(.loading)
        // The creator's dependencies, with what the caller (the first observer, or `reload`) set since.
        let scope = DependencyScope.resolve(base: dependencies, sender: DependencyScope.captured)
        run.disposable.otherDisposable = DependencyScope.run(in: scope) {
            work().observe { [weak self] event in
                switch event {
                case .next(let state):
                    switch state.asLoadingState {
                    case .loading:
                        break
                    case .loaded(let value):
                        self?.states.send(.loaded(value))
                        run.states.send(.loaded(value))
                    case .failed(let error):
                        if !silently { self?.states.send(.failed(error)) }
                        run.states.send(.failed(error))
                    }
                case .completed:
                    self?.finish(run)
                    run.states.send(completion: .finished)
                }
            }
        }
        return run.states.toSignal()
    }

    private func finish(_ run: LoadingRun<LoadingValue, LoadingError>) {
        control.withLock { control in
            if control.run === run { control.run = nil }
        }
    }
}

/// The mutable part of a ``LoadingProperty``, kept in its lock.
struct LoadingPropertyControl<LoadingValue, LoadingError: Swift.Error>: Sendable {
    var hasStarted = false
    var run: LoadingRun<LoadingValue, LoadingError>?
}

/// One load of a ``LoadingProperty``: its states (replayed to whoever joins) and its cancellation.
final class LoadingRun<LoadingValue, LoadingError: Swift.Error>: Sendable {
    let silently: Bool
    let states = ReplaySubject<LoadingState<LoadingValue, LoadingError>, Never>()
    let disposable = SerialDisposable()

    init(silently: Bool) {
        self.silently = silently
    }
}
