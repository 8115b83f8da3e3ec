/// The default values of dependency keys, computed once per key and context and kept: the
/// process has one (live and preview values), and each test harness one of its own.
///
/// A key's value is computed outside the lock (``DependencyKey/liveValue`` is user code, and
/// may read other dependencies); if two threads compute the same one, the first stored wins and
/// the other is released after unlocking.
final class DependencyCache: Sendable {
    struct Entry: Hashable {
        let key: ObjectIdentifier
        let context: DependencyContext
    }

    private let values = LockedState<[Entry: any Sendable]>([:])

    init() {}

    /// The key's default value in `context`, computing and keeping it on the first read.
    func value<Key: TestDependencyKey>(for key: Key.Type, context: DependencyContext, read: DependencyRead) -> Key.Value {
        let entry = Entry(key: ObjectIdentifier(key), context: context)
        if let kept = values.withLock({ $0[entry] }), let value = kept as? Key.Value {
            return value
        }
        let (made, issue) = Self.make(key, in: context)
        // Read to be changed (inside a `withDependencies` update): neither reported nor kept.
        if issue != nil, read.isSilent { return made }
        let stored: Bool = values.withLock { values in
            guard values[entry] == nil else { return false }
            values[entry] = made
            return true
        }
        if stored {
            if let issue { read.report(issue, key: key) }
            return made
        }
        // Another thread stored its value first: read that one (ours is released here).
        return values.withLock({ $0[entry] }).flatMap { $0 as? Key.Value } ?? made
    }

    /// Computes a key's default value (user code: never under the lock), and the issue it
    /// raises, if any.
    private static func make<Key: TestDependencyKey>(
        _ key: Key.Type, in context: DependencyContext
    ) -> (Key.Value, DependencyIssue.Kind?) {
        switch context {
        case .live:
            if let live = key as? any DependencyKey.Type, let value = live.liveValue as? Key.Value {
                return (value, nil)
            }
            return (Key.testValue, .noLiveValue)
        case .preview:
            return (Key.previewValue, nil)
        case .test:
            let probe = UnimplementedProbe()
            let value = UnimplementedProbe.$current.withValue(probe) { Key.testValue }
            return (value, probe.isMarked ? .noTestValue : nil)
        }
    }
}
