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
        let description: String
        let cancel: any Disposable
    }

    struct Counts {
        var nextToken: UInt64 = 0
        var running: [Key: Running] = [:]
        var pendingActions = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
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
        let running = Running(description: description, cancel: cancel)
        let key = Key(group: ObjectIdentifier(self), token: token)
        counts.withLock { $0.running[key] = running }
        parent?.insert(key, running)
    }

    /// Stops counting an effect (it ended or was disposed). Idempotent.
    package func end(_ token: UInt64) {
        let key = Key(group: ObjectIdentifier(self), token: token)
        guard remove(key) else { return }
        parent?.remove(key)
    }

    private func insert(_ key: Key, _ running: Running) {
        counts.withLock { $0.running[key] = running }
    }

    @discardableResult
    private func remove(_ key: Key) -> Bool {
        let (removed, waiters) = counts.withLock { counts in
            let removed = counts.running.removeValue(forKey: key) != nil
            return (removed, removed ? counts.takeWaitersIfSettled() : [])
        }
        for waiter in waiters { waiter.resume() }
        return removed
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
