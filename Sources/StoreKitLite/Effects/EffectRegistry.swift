import StreamCore

/// The running effects of a store, by cancellation identifier.
///
/// Each effect is an entry with a serial number; identified effects are also indexed by their
/// identifier. An entry leaves the registry when its effect ends, is cancelled, or the store
/// goes away. Disposables are always disposed outside the lock.
final class EffectRegistry: Sendable {
    private struct Entries {
        var nextSerial: UInt64 = 0
        // `token` counts the running effect in `Resources` (debug builds) until the entry is dropped.
        var running: [UInt64: (id: AnyHashable?, disposable: SerialDisposable, token: ResourceToken)] = [:]
        var byID: [AnyHashable: Set<UInt64>] = [:]
        var isClosed = false
        /// Called after effects leave the registry (StoreKitLiteTesting's `TestStore`).
        var onEnd: (@Sendable () -> Void)?
    }

    private let entries = LockedState(Entries())

    /// Registers an effect whose subscription `start` returns, optionally under an identifier.
    ///
    /// `start` receives a function to call when the effect ends by itself (it may be called
    /// before `start` returns). With `cancelInFlight`, effects with the same identifier are
    /// cancelled first.
    func run(
        id: AnyHashable?,
        cancelInFlight: Bool,
        _ start: (_ finished: @escaping @Sendable () -> Void) -> any Disposable
    ) -> any Disposable {
        let slot = SerialDisposable()
        let token = Resources.track(.effects)
        let (serial, cancelled, rejected): (UInt64, [SerialDisposable], Bool) = entries.withLock { entries in
            if entries.isClosed { return (0, [], true) }
            var cancelled: [SerialDisposable] = []
            if cancelInFlight, let id {
                cancelled = Self.remove(id: id, from: &entries)
            }
            entries.nextSerial &+= 1
            let serial = entries.nextSerial
            entries.running[serial] = (id, slot, token)
            if let id { entries.byID[id, default: []].insert(serial) }
            return (serial, cancelled, false)
        }
        cancelled.forEach { $0.dispose() }
        if rejected {
            slot.dispose()
            return slot
        }
        slot.otherDisposable = start({ [weak self] in self?.finish(serial) })
        return EffectHandle(serial: serial, slot: slot, registry: self)
    }

    private static func remove(id: AnyHashable, from entries: inout Entries) -> [SerialDisposable] {
        guard let serials = entries.byID.removeValue(forKey: id) else { return [] }
        return serials.compactMap { entries.running.removeValue(forKey: $0)?.disposable }
    }

    /// Removes an effect that ended and disposes it.
    func finish(_ serial: UInt64) {
        let (removed, onEnd): (SerialDisposable?, (@Sendable () -> Void)?) = entries.withLock { entries in
            guard let entry = entries.running.removeValue(forKey: serial) else { return (nil, nil) }
            if let id = entry.id {
                entries.byID[id]?.remove(serial)
                if entries.byID[id]?.isEmpty == true { entries.byID[id] = nil }
            }
            return (entry.disposable, entries.onEnd)
        }
        removed?.dispose()
        onEnd?()
    }

    /// Cancels the effects with an identifier.
    func cancel(id: AnyHashable) {
        let (cancelled, onEnd) = entries.withLock { entries in
            let cancelled = Self.remove(id: id, from: &entries)
            return (cancelled, cancelled.isEmpty ? nil : entries.onEnd)
        }
        cancelled.forEach { $0.dispose() }
        onEnd?()
    }

    /// Cancels every effect; with `close`, later effects are cancelled at once.
    func cancelAll(close: Bool = false) {
        let (cancelled, onEnd): ([SerialDisposable], (@Sendable () -> Void)?) = entries.withLock { entries in
            if close { entries.isClosed = true }
            defer { entries.running = [:]; entries.byID = [:] }
            return (entries.running.values.map(\.disposable), entries.running.isEmpty ? nil : entries.onEnd)
        }
        cancelled.forEach { $0.dispose() }
        onEnd?()
    }

    /// Calls `observer` (never under the lock) each time effects leave the registry, after the
    /// count has dropped: a waiting `TestStore.finish` re-checks then instead of polling. One
    /// observer; a later call replaces it.
    func observeEnds(_ observer: @escaping @Sendable () -> Void) {
        entries.withLock { $0.onEnd = observer }
    }

    /// The number of running effects (all, or with an identifier).
    func count(id: AnyHashable? = nil) -> Int {
        entries.withLock { entries in
            guard let id else { return entries.running.count }
            return entries.byID[id]?.count ?? 0
        }
    }
}
