import Dispatch
import Foundation
import StreamCore

/// The root host's subscription to its store: the states the store produces, shown by the host
/// on the main actor.
///
/// - A state produced on the main thread (an action sent there, the usual case in an app) is
///   shown at once, before the dispatch returns: the host is on the main actor already, and
///   the state needs no hop. A state produced while the host is showing one (an observer of the
///   host sent an action) waits for that show to finish, and is shown right after it.
/// - A state produced on another thread waits in a one-slot inbox and is shown on the main actor
///   by one drain task at a time. The inbox keeps only the latest state (with its sequence): a
///   state produced while an earlier one still waits replaces it, so a burst of actions costs the
///   main actor one update.
///
/// States are shown in sequence order, never an older one after a newer. The slot is under
/// `LockedState`'s mutex; a replaced state is released after the lock is given back (a state's
/// deinit is user code).
@usableFromInline
final class StoreLink<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline
    struct Inbox {
        @usableFromInline var latest: StoreUpdate<State, Action>?
        @usableFromInline var isScheduled = false
        @usableFromInline var observation: (any Disposable)?
        @usableFromInline var isStopped = false

        @inlinable
        init() {}
    }

    @usableFromInline let store: Store<State, Action>
    @usableFromInline let inbox = LockedState(Inbox())
    /// The sequence of the state the host shows. Main actor only.
    @exclusivity(unchecked)
    @MainActor @usableFromInline var shown: UInt64 = 0
    /// Whether the host is showing a state (a state that arrives meanwhile waits in the inbox).
    /// Main actor only.
    @exclusivity(unchecked)
    @MainActor @usableFromInline var isShowing = false
    @exclusivity(unchecked)
    @MainActor @usableFromInline weak var host: ObservableStore<State, Action>?

    @inlinable
    init(store: Store<State, Action>) {
        self.store = store
    }

    /// Subscribes to the store's updates for `host`.
    @MainActor
    @inlinable
    func start(host: ObservableStore<State, Action>) {
        self.host = host
        shown = store.cell.latestUpdate.sequence
        // The store's subject replays its latest update first, in order with the updates sent
        // meanwhile, so that none made while subscribing is missed (older ones are not shown).
        let observation = store.core.observe(replayingFirst: { [cell = store.cell] in cell.latestUpdate }) { [weak self] event in
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

    /// Shows an update now when it arrives on the main thread; otherwise puts it in the inbox
    /// and schedules a drain on the main actor unless one is pending.
    @inlinable
    func receive(_ update: StoreUpdate<State, Action>) {
        if isMainThread() {
            MainActor.assumeIsolated { showNow(update) }
            return
        }
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

    /// Shows an update that arrived on the main thread, unless a show is in progress (an
    /// observer of the host sent an action): it then waits in the inbox for that show to finish.
    @MainActor
    @inlinable
    func showNow(_ update: StoreUpdate<State, Action>) {
        guard !isShowing else {
            var incoming: StoreUpdate<State, Action>? = update
            inbox.withLock { inbox in
                if let waiting = inbox.latest, waiting.sequence > update.sequence { return }
                swap(&inbox.latest, &incoming)
            }
            incoming = nil  // the replaced update, released outside the lock
            return
        }
        show(update)
    }

    /// Shows the waiting update, if any and newer than the shown one.
    @MainActor
    @inlinable
    func drain() {
        inbox.withLock { inbox in inbox.isScheduled = false }
        guard !isShowing else { return }  // the running show takes the inbox's update
        showWaiting()
    }

    /// Shows the store's latest state now (after an awaited send), if newer than the shown one.
    @MainActor
    @inlinable
    func refresh() {
        guard !isShowing else { return }
        show(store.cell.latestUpdate)
    }

    /// Shows `update` if it is newer than the shown state, then what waits in the inbox.
    @MainActor
    @inlinable
    func show(_ update: StoreUpdate<State, Action>) {
        isShowing = true
        defer { isShowing = false }
        if update.sequence > shown, let host {
            shown = update.sequence
            host.apply(update.state)
        }
        showWaiting()
    }

    /// Shows what waits in the inbox, newest first taken, until it is empty. Showing.
    @MainActor
    @inlinable
    func showWaiting() {
        let wasShowing = isShowing
        isShowing = true
        defer { isShowing = wasShowing }
        while let update = inbox.withLock({ $0.latest.take() }) {
            guard update.sequence > shown, let host else { continue }
            shown = update.sequence
            host.apply(update.state)
        }
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

/// Whether the caller runs on the main actor's executor: on the main thread, or in a block of
/// the main dispatch queue (which `dispatchMain()` has worker threads drain on Linux). Either way
/// no other main-actor code runs meanwhile, so the caller may assume the main actor's isolation.
@usableFromInline
func isMainThread() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// A key the main queue carries, set once: it tells a block of the main queue on any thread.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
