public import StreamCore

extension Store {
    /// Attaches an effect: a function from the states to the actions they cause, which the store
    /// dispatches back into itself.
    ///
    /// This is the shape of the function a FeedbackLoop `Feedback` stores (and of RxFeedback's
    /// and Spin's feedbacks), so a feedback whose event type is the store's action attaches in
    /// one line without StoreKitLite knowing about FeedbackLoop:
    ///
    /// ```swift
    /// store.attach(effect: feedback.effects)
    /// ```
    ///
    /// The effect receives the current state first, then every new state (after the store's
    /// observers). Actions it emits are dispatched like any other (queued when they arrive during
    /// a dispatch, so a synchronous effect never recurses), and are accepted after ``close()``
    /// too, so that work in flight can finish. The effect runs until the returned disposable is
    /// disposed, it completes, ``cancelAllEffects()`` is called, or the store goes away; it does
    /// not keep the store alive.
    ///
    /// The work a state starts in the effect (a FeedbackLoop feedback's per-state effect, or a
    /// signal marked with `trackedAsEffect(named:)`) counts as an effect of the action that
    /// produced the state: ``StoreTask/finish()`` waits for it and a shutting-down service sees
    /// it in flight (see ``sendTracked(_:)``).
    ///
    /// - Parameters:
    ///   - effect: Turns the state signal into a signal of actions.
    ///   - name: A name for the effects it starts, in reports (what a shutting-down service
    ///     cancelled, ``StoreTask/runningEffects``); a feedback's name is a good one:
    ///     `store.attach(effect: payment.effects, named: payment.name)`.
    /// - Returns: A disposable that stops the effect.
    @discardableResult
    public func attach(
        effect: @escaping @Sendable (Signal<State, Never>) -> Signal<Action, Never>,
        named name: String? = nil
    ) -> any Disposable {
        let actions = effect(effectStates(named: name))
        return effects.run(id: nil, cancelInFlight: false) { finished in
            actions.observe(with: { [weak self] event in
                switch event {
                case .next(let action): self?.enqueueFromEffect(action)
                case .completed: finished()
                }
            })
        }
    }

    /// Queues an action an effect sent, in the effect group current on this thread (if any), and
    /// reports it to the effect lifecycle observers (``observeEffectEvents(_:)``), if any.
    func enqueueFromEffect(_ action: Action) {
        if rootGroup.isObserved { rootGroup.reportSent(action, label: EffectScope.currentLabel) }
        let group = EffectScope.current
        group?.retainPendingAction()
        enqueue(Pending(action: action, start: 0, group: group))
    }

    /// Runs a signal of actions as an effect under a cancellation identifier, dispatching each
    /// action it emits.
    ///
    /// ```swift
    /// enum EffectID: Hashable, Sendable { case search }
    /// store.run(api.search(text).map(AppAction.results), id: EffectID.search, cancelInFlight: true)
    /// store.cancel(id: EffectID.search)
    /// ```
    ///
    /// - Parameters:
    ///   - effect: The actions to dispatch, over time.
    ///   - id: An identifier to cancel the effect with ``cancel(id:)``.
    ///   - cancelInFlight: Cancel the effects already running under `id` first (for "latest
    ///     wins" work such as searches).
    /// - Returns: A disposable that cancels this effect.
    @discardableResult
    public func run(
        _ effect: Signal<Action, Never>,
        id: some Hashable & Sendable,
        cancelInFlight: Bool = false
    ) -> any Disposable {
        run(effect, key: AnyHashable(id), cancelInFlight: cancelInFlight)
    }

    /// Runs a signal of actions as an effect, with no cancellation identifier.
    ///
    /// ```swift
    /// store.run(Signal.just(.refresh))
    /// ```
    ///
    /// - Parameter effect: The actions to dispatch, over time.
    /// - Returns: A disposable that cancels this effect (so does ``cancelAllEffects()``).
    @discardableResult
    public func run(_ effect: Signal<Action, Never>) -> any Disposable {
        run(effect, key: nil, cancelInFlight: false)
    }

    /// Registers and observes an effect, counted in the effect group current on this thread
    /// (the action being handled), or else the store's root group.
    func run(_ effect: Signal<Action, Never>, key: AnyHashable?, cancelInFlight: Bool) -> any Disposable {
        let tracked = effect.tracked(in: EffectScope.current ?? rootGroup, named: key.map { "effect \($0.base)" })
        return effects.run(id: key, cancelInFlight: cancelInFlight) { finished in
            tracked.observe(with: { [weak self] event in
                switch event {
                case .next(let action): self?.enqueueFromEffect(action)
                case .completed: finished()
                }
            })
        }
    }

    /// Cancels the running effects with an identifier: nothing they send after `cancel(id:)`
    /// returns is dispatched.
    ///
    /// The promise is `dispose()`'s (Decision 0015): `cancel(id:)` never waits, so an action that
    /// an effect was already handing to the store on another thread (past its last check) may
    /// still be dispatched, at most one per cancelled effect. Called from the effect's own thread
    /// (or from a reducer, middleware or observer on the dispatching thread), nothing more is.
    ///
    /// - Parameter id: The identifier they were started with.
    public func cancel(id: some Hashable & Sendable) {
        effects.cancel(id: AnyHashable(id))
    }

    /// Cancels every running effect, attached feedbacks and action creators included.
    public func cancelAllEffects() {
        effects.cancelAll()
        rootGroup.cancel()
    }

    /// The number of running effects.
    public var runningEffectCount: Int {
        effects.count()
    }

    /// The number of running effects started under an identifier.
    ///
    /// - Parameter id: The identifier.
    /// - Returns: How many are running.
    public func runningEffectCount(id: some Hashable & Sendable) -> Int {
        effects.count(id: AnyHashable(id))
    }
}
