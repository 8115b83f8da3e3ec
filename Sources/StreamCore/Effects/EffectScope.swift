#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The effect group of the work the current thread is doing, if any: a thread-local that a store
/// sets while it hands a state to its effects (so an effect started for that state joins the
/// group of the action that produced it) and that a tracked effect sets while it forwards what it
/// emits (so the actions it sends join the same group).
@usableFromInline
package enum EffectScope {
    /// The thread-local slot (an unretained `EffectGroup` pointer; ``with(_:_:)`` keeps the group
    /// alive while it is set).
    private static let key: pthread_key_t = makeKey()
    /// The name of the effect being fed (an unretained `EffectName`), for reports.
    private static let nameKey: pthread_key_t = makeKey()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        _ = pthread_key_create(&key, nil)
        return key
    }

    /// Whether an effect group is current on this thread (one thread-local read).
    @inline(__always)
    @usableFromInline
    package static var isActive: Bool { pthread_getspecific(key) != nil }

    /// The current thread's group, or `nil` outside any store or tracked effect.
    package static var current: EffectGroup? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return _UnsafeReference<EffectGroup>(opaque: raw).object
    }

    /// The name of the attached effect being fed on this thread, if it has one.
    package static var currentName: String? {
        guard let raw = pthread_getspecific(nameKey) else { return nil }
        return _UnsafeReference<EffectName>(opaque: raw).object.name
    }

    /// Runs `body` with `group` (and the effect's `name`) current on this thread, then restores
    /// the previous ones.
    package static func with<R>(_ group: EffectGroup?, name: EffectName? = nil, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        let previousName = pthread_getspecific(nameKey)
        _ = pthread_setspecific(key, group.map { _UnsafeReference(unretained: $0).opaque })
        _ = pthread_setspecific(nameKey, name.map { _UnsafeReference(unretained: $0).opaque })
        defer {
            _ = pthread_setspecific(key, previous)
            _ = pthread_setspecific(nameKey, previousName)
        }
        return try withExtendedLifetime((group, name)) { try body() }
    }
}

/// The name of an attached effect, boxed so that a thread-local can point at it.
package final class EffectName: Sendable {
    /// The name.
    package let name: String

    /// Boxes a name.
    package init(_ name: String) {
        self.name = name
    }
}
