/// The effects (and the actions they send) that one cause started, counted so that someone can
/// wait until they have all finished, or cancel them.
///
/// A store makes one group per tracked action (`store.sendTracked(_:)`), plus one root group
/// for everything else; a group with a parent counts everything in the parent too, so the root
/// sees all the work in flight. Units of work are:
/// - *effects*: a signal observed under the group (see ``SignalProtocol/trackedAsEffect(named:)``),
///   from its start until it terminates or is disposed; cancelling the group disposes it;
/// - *pending actions*: an action an effect of the group sent, from the moment the store
///   accepts it until its state has reached the store's effects (which may start more effects
///   in the same group).
///
/// The group is *settled* when no unit is in flight. Locks are never held while user code runs:
/// disposables are disposed and waiters resumed after unlocking.
@usableFromInline
package final class EffectGroup: Sendable {
    /// An effect in flight: which group started it, with which token.
    struct Key: Hashable {
        let group: ObjectIdentifier
        let token: UInt64
    }

    /// An effect in flight: its description and how to cancel it.
    struct Running {
        let name: String?
        let description: String
        let cancel: any Disposable
        /// When the effect started; stamped only by a group with finish observers.
        var started: ContinuousClock.Instant?
    }

    /// Called after an effect the group counted has ended: its name, description and duration.
    package typealias FinishObserver = @Sendable (_ name: String?, _ description: String, _ duration: Duration) -> Void

    struct Counts {
        var nextToken: UInt64 = 0
        var running: [Key: Running] = [:]
        var pendingActions = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        var finishObservers: [UInt64: FinishObserver] = [:]
        var nextObserver: UInt64 = 0
        var isSettled: Bool { running.isEmpty && pendingActions == 0 }

        /// Takes the waiters to resume once nothing is in flight.
        mutating func takeWaitersIfSettled() -> [CheckedContinuation<Void, Never>] {
            guard isSettled, !waiters.isEmpty else { return [] }
            defer { waiters = [:] }
            return Array(waiters.values)
        }
    }

    /// The group that also counts this group's work (a store's root group), if any.
    package let parent: EffectGroup?
    /// What started the group, for reports (say, `String(describing:)` of an action).
    package let cause: String?
    private let counts = LockedState(Counts())

    /// Creates a group.
    ///
    /// - Parameters:
    ///   - parent: A group that counts this group's work too.
    ///   - cause: What started the group, for reports.
    package init(parent: EffectGroup? = nil, cause: String? = nil) {
        self.parent = parent
        self.cause = cause
    }

    // MARK: Effects

    /// A new token for ``begin(_:name:cancel:)``.
    package func makeToken() -> UInt64 {
        counts.withLock { counts in
            counts.nextToken &+= 1
            return counts.nextToken
        }
    }

    /// Counts an effect until ``end(_:)``; ``cancel()`` (here or in the parent) disposes `cancel`,
    /// which must end the effect (call ``end(_:)`` with the token).
    package func begin(_ token: UInt64, name: String?, cancel: any Disposable) {
        var description = name ?? "unnamed effect"
        if let cause { description += " (started after \(cause))" }
        let running = Running(name: name, description: description, cancel: cancel)
        let key = Key(group: ObjectIdentifier(self), token: token)
        insert(key, running)
        parent?.insert(key, running)
    }

    /// Stops counting an effect (it ended or was disposed). Idempotent.
    ///
    /// The finish observers (of this group and its parent) are called before any waiter of
    /// either group resumes, so that whoever awaited the effect sees it reported.
    package func end(_ token: UInt64) {
        let key = Key(group: ObjectIdentifier(self), token: token)
        let own = remove(key)
        guard own.removed != nil else { return }
        let inParent = parent?.remove(key)
        // Observers and waiters run outside the locks.
        own.report()
        inParent?.report()
        for waiter in own.waiters { waiter.resume() }
        for waiter in inParent?.waiters ?? [] { waiter.resume() }
    }

    private func insert(_ key: Key, _ running: Running) {
        counts.withLock { counts in
            var running = running
            // The clock is read only when someone wants durations (a store's root group with
            // an effect metrics observer); otherwise counting an effect costs no clock read.
            if !counts.finishObservers.isEmpty { running.started = .now }
            counts.running[key] = running
        }
    }

    /// What removing an effect found: the entry, the waiters to resume and the observers to call
    /// (both outside the lock).
    private struct Removal {
        let removed: Running?
        let waiters: [CheckedContinuation<Void, Never>]
        let observers: [FinishObserver]

        func report() {
            guard let removed, let started = removed.started, !observers.isEmpty else { return }
            let duration = ContinuousClock.now - started
            for observer in observers { observer(removed.name, removed.description, duration) }
        }
    }

    private func remove(_ key: Key) -> Removal {
        counts.withLock { counts in
            let removed = counts.running.removeValue(forKey: key)
            return Removal(
                removed: removed,
                waiters: removed != nil ? counts.takeWaitersIfSettled() : [],
                observers: removed?.started == nil ? [] : Array(counts.finishObservers.values)
            )
        }
    }

    // MARK: Finish observers

    /// Calls `observer` (outside the lock, on the thread that ended the effect) after each effect
    /// counted in this group ends or is cancelled, with its duration. Only effects that start
    /// after the observer was added are reported. Returns the key for
    /// ``removeFinishObserver(_:)``.
    package func addFinishObserver(_ observer: @escaping FinishObserver) -> UInt64 {
        counts.withLock { counts in
            counts.nextObserver &+= 1
            counts.finishObservers[counts.nextObserver] = observer
            return counts.nextObserver
        }
    }

    /// Stops calling an observer added with ``addFinishObserver(_:)``.
    package func removeFinishObserver(_ key: UInt64) {
        // The observer's captures are released after unlocking (their deinit is user code).
        let removed = counts.withLock { $0.finishObservers.removeValue(forKey: key) }
        withExtendedLifetime(removed) {}
    }

    // MARK: Pending actions

    /// Counts an action sent under the group until ``releasePendingAction()``.
    @usableFromInline
    package func retainPendingAction() {
        counts.withLock { $0.pendingActions += 1 }
        parent?.retainPendingAction()
    }

    /// Stops counting an action sent under the group.
    @usableFromInline
    package func releasePendingAction() {
        let waiters = counts.withLock { counts in
            counts.pendingActions -= 1
            return counts.takeWaitersIfSettled()
        }
        for waiter in waiters { waiter.resume() }
        parent?.releasePendingAction()
    }

    // MARK: Waiting and cancelling

    /// Whether nothing is in flight.
    package var isSettled: Bool {
        counts.withLock { $0.isSettled }
    }

    /// The number of effects in flight (a child's effects count in its parent too).
    package var runningEffectCount: Int {
        counts.withLock { $0.running.count }
    }

    /// The descriptions of the effects in flight.
    package var runningEffects: [String] {
        counts.withLock { $0.running.values.map(\.description) }.sorted()
    }

    /// Returns when nothing is in flight, or as soon as the calling task is cancelled.
    package func settled() async {
        let id: UInt64? = counts.withLock { counts in
            if counts.isSettled { return nil }
            counts.nextWaiter &+= 1
            return counts.nextWaiter
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = counts.withLock { counts in
                    if counts.isSettled || Task.isCancelled { return true }
                    counts.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = counts.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    /// Cancels every effect in flight (disposing each, outside the lock).
    ///
    /// - Returns: The descriptions of the cancelled effects.
    @discardableResult
    package func cancel() -> [String] {
        let running: [Running] = counts.withLock { Array($0.running.values) }
        for effect in running { effect.cancel.dispose() }
        return running.map(\.description).sorted()
    }
}
