#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A plain, non-recursive `pthread_mutex_t` with explicit lock and unlock, for the few places
/// (the subject engine) where the guarded state is spread over a class hierarchy and so cannot
/// live in one ``LockedState``. Prefer ``LockedState`` everywhere else.
@usableFromInline
package struct PThreadMutex: @unchecked Sendable {
    // @unchecked Sendable: a pthread mutex is made to be shared between threads; the pointer is
    // allocated once and freed by the owner's `deallocate()`.
    @usableFromInline
    let pointer: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex; the owner must call ``deallocate()`` exactly once.
    package init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: pthread_mutex_t())
        _ = pthread_mutex_init(pointer, nil)
    }

    /// Acquires the mutex.
    @inlinable
    package func lock() {
        pthread_mutex_lock(pointer)
    }

    /// Releases the mutex.
    @inlinable
    package func unlock() {
        pthread_mutex_unlock(pointer)
    }

    /// Runs `body` with the mutex held.
    @inlinable
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(pointer)
        defer { pthread_mutex_unlock(pointer) }
        return try body()
    }

    /// Waits on `condition`, releasing the mutex while waiting (the caller holds it).
    ///
    /// - Parameter condition: An initialized condition variable, used only with this mutex.
    package func wait(on condition: UnsafeMutablePointer<pthread_cond_t>) {
        pthread_cond_wait(condition, pointer)
    }

    /// Destroys and frees the mutex.
    package func deallocate() {
        pthread_mutex_destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
