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
    /// The thread-local slot (an unretained `EffectGroup` pointer; ``with(_:label:_:)`` keeps the
    /// group alive while it is set).
    private static let key: pthread_key_t = makeKey()
    /// What is being fed (an unretained ``EffectLabel``): an attached effect's name and the update
    /// it is handed, or the tracked effect whose element is forwarded; for reports and for the
    /// effect lifecycle observers.
    private static let labelKey: pthread_key_t = makeKey()

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

    /// The label current on this thread, if any.
    package static var currentLabel: EffectLabel? {
        guard let raw = pthread_getspecific(labelKey) else { return nil }
        return _UnsafeReference<EffectLabel>(opaque: raw).object
    }

    /// The name of the attached effect being fed on this thread, if it has one.
    package static var currentName: String? {
        currentLabel?.name
    }

    /// What an effect started now on this thread is caused by: the tracked effect whose element
    /// is being forwarded, else the store update being handed to an attached effect, else
    /// nothing known.
    package static var currentOrigin: EffectOrigin {
        guard let label = currentLabel else { return .none }
        return label.originOfEffectsStartedHere
    }

    /// Runs `body` with `group` (and `label`) current on this thread, then restores the previous
    /// ones.
    package static func with<R>(_ group: EffectGroup?, label: EffectLabel? = nil, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        let previousLabel = pthread_getspecific(labelKey)
        _ = pthread_setspecific(key, group.map { _UnsafeReference(unretained: $0).opaque })
        _ = pthread_setspecific(labelKey, label.map { _UnsafeReference(unretained: $0).opaque })
        defer {
            _ = pthread_setspecific(key, previous)
            _ = pthread_setspecific(labelKey, previousLabel)
        }
        return try withExtendedLifetime((group, label)) { try body() }
    }
}
