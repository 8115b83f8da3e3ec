#if canImport(Darwin)
public import Darwin
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#endif

/// The inspector's one lock box: a value and the lock that guards it — the platform's lock
/// (`os_unfair_lock` on Apple platforms, which keeps priority donation; a `pthread_mutex_t`
/// elsewhere, which ThreadSanitizer understands, unlike `Synchronization.Mutex` on Linux).
/// Recording an action takes it once, so it is used straight, without a wrapper class's call.
///
/// Never call user code inside ``withLock(_:)``: take values out, unlock, then use them (a
/// payload's `deinit` is user code too).
@usableFromInline
final class LockedBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched with `lock` held.
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif
    @usableFromInline let lock: UnsafeMutablePointer<Primitive>
    /// Unchecked: every access is inside `withLock`, which the lock serializes (a dynamic
    /// exclusivity check would cost more than the lock).
    @exclusivity(unchecked) @usableFromInline var value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}
