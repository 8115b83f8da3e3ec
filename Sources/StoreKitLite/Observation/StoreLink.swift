import StreamCore

/// The root host's subscription to its store: states arrive on the dispatching thread, wait in
/// a one-slot inbox, and are shown on the main actor by one drain task at a time.
///
/// The inbox keeps only the latest state (with its sequence): a state produced while an earlier
/// one still waits replaces it, so a burst of actions costs the main actor one update. The slot
/// is under `LockedState`'s mutex; a replaced state is released after the lock is given back (a
/// state's deinit is user code).
final class StoreLink<State: Sendable, Action: Sendable>: Sendable {
    private struct Inbox {
        var latest: StoreUpdate<State, Action>?
        var isScheduled = false
        var observation: (any Disposable)?
        var isStopped = false
    }

    let store: Store<State, Action>
    private let inbox = LockedState(Inbox())
    /// The sequence of the state the host shows. Main actor only.
    @MainActor private var shown: UInt64 = 0
    @MainActor private weak var host: ObservableStore<State, Action>?

    init(store: Store<State, Action>) {
        self.store = store
    }

    /// Subscribes to the store's updates for `host`.
    @MainActor
    func start(host: ObservableStore<State, Action>) {
        self.host = host
        shown = store.cell.latestUpdate.sequence
        let observation = store.rawUpdates.observe { [weak self] event in
            guard case .next(let update) = event, let self else { return }
            self.receive(update)
        }
        let stopped: Bool = inbox.withLock { inbox in
            if inbox.isStopped { return true }
            inbox.observation = observation
            return false
        }
        if stopped { observation.dispose() }
    }

    /// Puts an update in the inbox; schedules a drain on the main actor unless one is pending.
    private func receive(_ update: StoreUpdate<State, Action>) {
        var incoming: StoreUpdate<State, Action>? = update
        let schedule: Bool = inbox.withLock { inbox in
            if let waiting = inbox.latest, waiting.sequence > update.sequence { return false }
            swap(&inbox.latest, &incoming)
            defer { inbox.isScheduled = true }
            return !inbox.isScheduled
        }
        incoming = nil  // the replaced update, released outside the lock
        if schedule {
            Task { @MainActor [weak self] in self?.drain() }
        }
    }

    /// Shows the waiting update, if any and newer than the shown one.
    @MainActor
    private func drain() {
        let update: StoreUpdate<State, Action>? = inbox.withLock { inbox in
            inbox.isScheduled = false
            return inbox.latest.take()
        }
        guard let update else { return }
        show(update)
    }

    /// Shows the store's latest state now (after an awaited send), if newer than the shown one.
    @MainActor
    func refresh() {
        show(store.cell.latestUpdate)
    }

    @MainActor
    private func show(_ update: StoreUpdate<State, Action>) {
        guard update.sequence > shown, let host else { return }
        shown = update.sequence
        host.apply(update.state)
    }

    /// Ends the subscription (the host is going away).
    func stop() {
        let observation: (any Disposable)? = inbox.withLock { inbox in
            inbox.isStopped = true
            return inbox.observation.take()
        }
        observation?.dispose()
    }
}
