public import StreamCore

extension Store {
    /// Registers an observer of the state: it receives the current state first, then each new
    /// state, in order.
    ///
    /// ```swift
    /// store.observeNext { state in render(state) }.dispose(in: bag)
    /// ```
    ///
    /// A refused action (see `StoreError`) is not delivered here; observe ``updates`` to see it.
    /// It leaves the state unchanged when the reducer throws before changing anything (the
    /// contract of in-place reducers, checked by `TestStore`) or is wrapped in
    /// `restoringStateOnRefusal()`. Observers are called where the store's `notifyOn`
    /// context says (by default synchronously on the dispatching thread), never concurrently
    /// and never with a lock held; they may dispatch (the action is queued).
    ///
    /// - Parameter observer: Called with each state; `.completed` when the store goes away.
    /// - Returns: A disposable that ends the observation (put it in a `DisposeBag`).
    /// - Complexity: O(1) amortized to register and to dispose.
    @inlinable
    public func observe(with observer: @escaping @Sendable (Signal<State, Never>.Event) -> Void) -> any Disposable {
        states.observe(with: observer)
    }

    /// The states, as a signal: the current state first, then each new one.
    ///
    /// The signal does not keep the store alive (it completes when the store goes away), so an
    /// effect or a child store can hold it without a retain cycle.
    ///
    /// ```swift
    /// store.states.map(\.tasks.count).observeNext { print($0) }
    /// ```
    @inlinable
    public var states: Signal<State, Never> {
        // Inlinable, so that the per-state closure below is specialized in client modules (no
        // generic metadata lookups per state).
        let states: Signal<State, Never> = Signal.trusted({ [core, cell] downstream in
            let floor = SequenceFloor()
            return core.observe(replayingFirst: { cell.latestUpdate }) { event in
                switch event {
                case .next(let update):
                    guard floor.admits(update.sequence) else { return }
                    // The replayed update is delivered even if it was a failure: it still
                    // carries the current state.
                    if update.failure != nil, floor.hasReceived { return }
                    floor.hasReceived = true
                    downstream.on(.next(update.state))
                case .completed:
                    downstream.on(.completed)
                }
            }
        })
        return states.receive(on: notificationContext)
    }

    /// Every step of the store: each state with the action that produced it, and failures.
    ///
    /// Observers receive the latest update first (for a new store, the initial state with no
    /// action), then one update per dispatched action that reached the reducer, in order. This
    /// is what observing middleware (RxState's `MiddlewareType`) watches.
    ///
    /// ```swift
    /// store.updates.observeNext { update in
    ///     print(update.state, update.lastAction as Any)
    /// }
    /// ```
    public var updates: Signal<StoreUpdate<State, Action>, Never> {
        rawUpdates.receive(on: notificationContext)
    }

    /// The updates on the thread holding the dispatch role (no context hop).
    package var rawUpdates: Signal<StoreUpdate<State, Action>, Never> {
        Signal.trusted({ [core, cell] downstream in
            let floor = SequenceFloor()
            return core.observe(replayingFirst: { cell.latestUpdate }) { event in
                if case .next(let update) = event, !floor.admits(update.sequence) { return }
                downstream.on(event)
            }
        })
    }

    /// The states as the attached effects see them: the current state first, then each new one,
    /// each handed over with its action's effect group current (see `EffectScope`), so that the
    /// effects a state starts join that group (and are reported under `name`).
    func effectStates(named name: String?) -> Signal<State, Never> {
        let inputs: Signal<EffectInput<State>, Never> = Signal.trusted({ [effectCore, cell, dependencyScope] downstream in
            let floor = SequenceFloor()
            cell.attachedEffects.wrappingAdd(1, ordering: .relaxed)
            // The current state's effects run as an action sent here would: the store's
            // dependencies, with what the attaching scope set on top.
            let dependencies = DependencyScope.resolve(base: dependencyScope, sender: DependencyScope.captured)
            let observation = effectCore.observe(replayingFirst: {
                let update = cell.latestUpdate
                return EffectInput(state: update.state, sequence: update.sequence, group: nil, mark: nil, dependencies: dependencies)
            }) { event in
                if case .next(let input) = event, !floor.admits(input.sequence) { return }
                downstream.on(event)
            }
            return BlockDisposable {
                observation.dispose()
                cell.attachedEffects.wrappingSubtract(1, ordering: .relaxed)
            }
        })
        let hopped = inputs.receive(on: notificationContext)
        let root = rootGroup
        return Signal.trusted({ downstream in
            // The label carries the name, and the number of the update handed over (the cause of
            // the effects it starts, for effect lifecycle observers); one per observation, whose
            // hand-overs are serial.
            let label = EffectLabel(name: name)
            return hopped.observe(with: { event in
                switch event {
                case .next(let input):
                    label.handing(update: input.sequence)
                    EffectScope.with(input.group ?? root, label: label) {
                        guard let dependencies = input.dependencies else { return downstream.on(.next(input.state)) }
                        DependencyScope.run(in: dependencies) { downstream.on(.next(input.state)) }
                    }
                case .completed:
                    downstream.on(.completed)
                }
            })
        })
    }
}
