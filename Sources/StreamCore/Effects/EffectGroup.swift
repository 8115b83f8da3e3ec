import Synchronization

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
///
/// Lifecycle observers (``addLifecycleObserver(_:)``, a store's `observeEffectEvents`) are told
/// when each effect starts, ends (finished, failed or cancelled) and, through
/// ``reportSent(_:label:)``, what was sent back meanwhile. Tokens come from the root group, so
/// they name an effect uniquely among all the groups under one root. While nobody observes, no
/// origin is computed and no label is made: counting an effect costs what it did before.
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
        /// What started it, when its start was announced to lifecycle observers (`nil`: it was
        /// not, and its end is not announced either).
        var origin: EffectOrigin?
    }

    /// Called after an effect the group counted has ended: its name, description and duration.
    package typealias FinishObserver = @Sendable (_ name: String?, _ description: String, _ duration: Duration) -> Void
    /// Called with each step of an effect's life (see ``addLifecycleObserver(_:)``).
    package typealias LifecycleObserver = @Sendable (EffectLifecycleEvent) -> Void

    struct Counts {
        var nextToken: UInt64 = 0
        var running: [Key: Running] = [:]
        var pendingActions = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        var finishObservers: [UInt64: FinishObserver] = [:]
        var lifecycleObservers: [UInt64: LifecycleObserver] = [:]
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
    /// How many lifecycle observers the group has: read without the lock on every effect start
    /// and every element sent back, so that nobody observing costs one load.
    private let lifecycleObserverCount = Atomic<Int>(0)

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

    /// A new token for ``begin(_:name:origin:cancel:)``, unique under the root group (a child
    /// takes its tokens from its parent).
    package func makeToken() -> UInt64 {
        if let parent { return parent.makeToken() }
        return counts.withLock { counts in
            counts.nextToken &+= 1
            return counts.nextToken
        }
    }

    /// Counts an effect until ``end(_:_:)``; ``cancel()`` (here or in the parent) disposes
    /// `cancel`, which must end the effect (call ``end(_:_:)`` with the token).
    ///
    /// With `origin` (pass one when ``isObserved``), the lifecycle observers of this group and its
    /// parent are told that the effect started, before it is counted: a cancel racing with the
    /// start cannot announce its end first.
    package func begin(_ token: UInt64, name: String?, origin: EffectOrigin? = nil, cancel: any Disposable) {
        var description = name ?? "unnamed effect"
        if let cause { description += " (started after \(cause))" }
        var running = Running(name: name, description: description, cancel: cancel)
        if let origin {
            let observers = lifecycleObservers() + (parent?.lifecycleObservers() ?? [])
            if !observers.isEmpty {
                running.origin = origin
                let event = EffectLifecycleEvent.started(token: token, name: name, origin: origin)
                for observer in observers { observer(event) }
            }
        }
        let key = Key(group: ObjectIdentifier(self), token: token)
        insert(key, running)
        parent?.insert(key, running)
    }

    /// Stops counting an effect (it ended, `how`, or was disposed). Idempotent: the first call
    /// counts.
    ///
    /// The finish and lifecycle observers (of this group and its parent) are called before any
    /// waiter of either group resumes, so that whoever awaited the effect sees it reported.
    package func end(_ token: UInt64, _ how: EffectEnd = .cancelled) {
        let key = Key(group: ObjectIdentifier(self), token: token)
        let own = remove(key)
        guard own.removed != nil else { return }
        let inParent = parent?.remove(key)
        // Observers and waiters run outside the locks.
        own.report(token: token, how)
        inParent?.report(token: token, how)
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
        let lifecycleObservers: [LifecycleObserver]

        func report(token: UInt64, _ how: EffectEnd) {
            guard let removed else { return }
            if let origin = removed.origin, !lifecycleObservers.isEmpty {
                let event = EffectLifecycleEvent.ended(token: token, name: removed.name, origin: origin, end: how)
                for observer in lifecycleObservers { observer(event) }
            }
            guard let started = removed.started, !observers.isEmpty else { return }
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
                observers: removed?.started == nil ? [] : Array(counts.finishObservers.values),
                lifecycleObservers: removed?.origin == nil ? [] : Array(counts.lifecycleObservers.values)
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

    // MARK: Lifecycle observers

    /// Whether this group or its parent has lifecycle observers (one atomic load each).
    package var isObserved: Bool {
        lifecycleObserverCount.load(ordering: .relaxed) > 0 || (parent?.isObserved ?? false)
    }

    /// Calls `observer` (outside the lock, on the thread where it happens) when an effect counted
    /// in this group starts, when it ends, and when an element is reported sent
    /// (``reportSent(_:label:)``). Only effects that start after the observer was added are
    /// reported; an effect's start is reported before its end and before anything forwarded
    /// from it. Returns the key for ``removeLifecycleObserver(_:)``.
    package func addLifecycleObserver(_ observer: @escaping LifecycleObserver) -> UInt64 {
        counts.withLock { counts in
            counts.nextObserver &+= 1
            counts.lifecycleObservers[counts.nextObserver] = observer
            lifecycleObserverCount.store(counts.lifecycleObservers.count, ordering: .relaxed)
            return counts.nextObserver
        }
    }

    /// Stops calling an observer added with ``addLifecycleObserver(_:)``.
    package func removeLifecycleObserver(_ key: UInt64) {
        // The observer's captures are released after unlocking (their deinit is user code).
        let removed = counts.withLock { counts in
            defer { lifecycleObserverCount.store(counts.lifecycleObservers.count, ordering: .relaxed) }
            return counts.lifecycleObservers.removeValue(forKey: key)
        }
        withExtendedLifetime(removed) {}
    }

    /// Tells this group's lifecycle observers that `element` was sent back (to a store) while
    /// `label` was current on the sending thread. Call it only when ``isObserved``.
    package func reportSent(_ element: any Sendable, label: EffectLabel?) {
        let observers = lifecycleObservers()
        guard !observers.isEmpty else { return }
        let event = EffectLifecycleEvent.sent(
            token: label?.effect ?? 0, origin: label?.originOfElementsSentHere ?? .none, element: element)
        for observer in observers { observer(event) }
    }

    /// The lifecycle observers, copied out of the lock (none without taking it when there are none).
    private func lifecycleObservers() -> [LifecycleObserver] {
        guard lifecycleObserverCount.load(ordering: .relaxed) > 0 else { return [] }
        return counts.withLock { Array($0.lifecycleObservers.values) }
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
