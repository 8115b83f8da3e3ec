import Synchronization

/// Lets a holding middleware (``Middleware/init(holding:)``) hold back the action it is
/// handling, to pass it on later.
///
/// Valid only inside the middleware's call for that action; ``hold(_:)`` at most once.
public final class ActionHolder<State: Sendable, Action: Sendable>: Sendable {
    private weak let store: Store<State, Action>?
    private let index: Int
    private let outcome: ActionOutcome<State>?
    private let group: EffectGroup?
    private let taken = Atomic<Bool>(false)

    init(store: Store<State, Action>, index: Int, outcome: ActionOutcome<State>?, group: EffectGroup?) {
        self.store = store
        self.index = index
        self.outcome = outcome
        self.group = group
    }

    /// Holds `action` back (the one being handled, or a replacement): the middleware then returns
    /// `nil`, and passes it on later with ``HeldAction/resume()``. The sender's `send` keeps
    /// waiting for it.
    ///
    /// - Parameter action: The action to pass on later.
    /// - Returns: The held action.
    public func hold(_ action: Action) -> HeldAction<State, Action> {
        let first = taken.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        return HeldAction(
            store: store,
            next: index &+ 1,
            action: action,
            outcome: first ? outcome : nil,
            group: first ? group : nil
        )
    }

    /// Whether ``hold(_:)`` was called.
    var isHolding: Bool {
        taken.load(ordering: .relaxed)
    }
}

/// An action a middleware held back: pass it on to the rest of the chain with ``resume()``, or
/// drop it with ``drop()`` (its sender's `send` then throws
/// `StoreError.droppedByMiddleware`). Released without either, it is dropped.
public final class HeldAction<State: Sendable, Action: Sendable>: Sendable {
    private weak let store: Store<State, Action>?
    private let next: Int
    private let action: Action
    private let outcome: ActionOutcome<State>?
    private let group: EffectGroup?
    /// The dependencies the action runs with (in force while the middleware held it).
    private let dependencies = DependencyScope.captured
    private let done = Atomic<Bool>(false)

    init(store: Store<State, Action>?, next: Int, action: Action, outcome: ActionOutcome<State>?, group: EffectGroup?) {
        self.store = store
        self.next = next
        self.action = action
        self.outcome = outcome
        self.group = group
    }

    deinit {
        drop()
    }

    /// Passes the action on to the middleware after the one that held it, then the reducer. It
    /// is queued like any dispatch. The first of `resume()` and ``drop()`` wins.
    public func resume() {
        guard done.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        guard let store else {
            outcome?.resolve(.failure(.storeClosed))
            group?.releasePendingAction()
            return
        }
        store.enqueue(Store.Pending(action: action, start: next, outcome: outcome, group: group, dependencies: dependencies))
    }

    /// Drops the action: its sender's `send` throws `StoreError.droppedByMiddleware`.
    public func drop() {
        guard done.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        outcome?.resolve(.failure(.droppedByMiddleware))
        group?.releasePendingAction()
    }

    /// Ends the sender's wait now with `error`, and leaves the action's fate to ``resume()`` or
    /// ``drop()``: a later `resume()` still runs the action (its outcome is then no longer
    /// reported), a later `drop()` no longer changes what the sender got. The first answer to
    /// the sender wins.
    ///
    /// A journal uses it to bound a `send` that waits for its database
    /// (`StoreError.deadlineExceeded(mayHaveRun: true)`: the action may still commit) and to
    /// fail a send at once while it cannot write (`mayHaveRun: false`, then `drop()`).
    ///
    /// - Parameter error: What the sender's `send` throws.
    public func failSender(_ error: StoreError) {
        outcome?.resolve(.failure(error))
    }
}

extension Store {
    /// Runs a holding middleware: returns what it passes on, or `nil` after resolving a drop (or
    /// handing the action to a ``HeldAction``). Role holder.
    @usableFromInline
    func intercept(_ action: Action, holding link: Link, pending: Pending) -> Action? {
        guard let holding = link.holding else { return action }
        let holder = ActionHolder(store: self, index: link.context.index, outcome: pending.outcome, group: pending.group)
        if let passed = holding(action, link.context, holder) { return passed }
        if !holder.isHolding { finish(pending, .failure(.droppedByMiddleware)) }
        return nil
    }
}
