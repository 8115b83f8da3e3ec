import StreamCore
import Synchronization

/// The observations of a store's ``StoreSubscriber`` objects, by identity.
final class SubscriberRegistry: Sendable {
    private let observations = LockedState<[ObjectIdentifier: any Disposable]>([:])
    private let skipsRepeats = Atomic<Bool>(true)

    /// Whether `subscribe(_:)` skips repeated `Equatable` states and selections (ReSwift's
    /// `automaticallySkipsRepeats`; set by the ReSwift-style initializer).
    var automaticallySkipsRepeats: Bool {
        get { skipsRepeats.load(ordering: .relaxed) }
        set { skipsRepeats.store(newValue, ordering: .relaxed) }
    }

    /// Keeps `observation` for `subscriber`, ending the one it replaces (outside the lock).
    func register(_ observation: any Disposable, for subscriber: ObjectIdentifier) {
        let replaced = observations.withLock { $0.updateValue(observation, forKey: subscriber) }
        replaced?.dispose()
    }

    /// Ends the observation of `subscriber`, if any (outside the lock).
    func remove(_ subscriber: ObjectIdentifier) {
        observations.withLock { $0.removeValue(forKey: subscriber) }?.dispose()
    }

    /// Ends `observation` if it is still the one registered for `subscriber`.
    func remove(_ subscriber: ObjectIdentifier, ifCurrent observation: any Disposable) {
        let removed: (any Disposable)? = observations.withLock { table in
            guard let current = table[subscriber], current as AnyObject === observation as AnyObject else { return nil }
            return table.removeValue(forKey: subscriber)
        }
        removed?.dispose()
    }

    /// How many subscribers are registered.
    var count: Int {
        observations.withLock { $0.count }
    }
}
