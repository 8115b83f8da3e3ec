#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// Mutable state guarded by a `pthread_mutex_t`, in one allocation.
///
/// This is the toolkit's only lock. It is a plain mutex, not a recursive one: re-entrancy is
/// handled by queueing, never by re-locking. Closures passed to ``withLock(_:)`` must not call
/// user code; compute under the lock, return what to do, and act after unlocking.
///
/// A pthread mutex is used rather than `Synchronization.Mutex` because ThreadSanitizer on Linux
/// does not see the latter and reports false races (see `Docs/Decisions/0002-locking.md`).
/// State is reached through the buffer's pointer, so no dynamic exclusivity check runs per access.
///
/// Unlike `NIOLockedValueBox`, the box is `Sendable` whatever `State` is: elements need not be
/// `Sendable` (Decision 0004), and the mutex is what makes sharing the box sound, so the one
/// `@unchecked` lives here rather than on every engine's state (Decision 0022). Engines keep
/// their delivery lifecycle in it as a ``DeliveryRole``.
@usableFromInline
package struct LockedState<State>: @unchecked Sendable {
    // @unchecked Sendable: every access to `storage`'s header goes through `withLock`, which holds
    // the mutex stored in the same buffer.
    @usableFromInline
    let storage: Storage

    @usableFromInline
    final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    /// Creates the box with its initial state.
    package init(_ initial: State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            // A default (non-recursive) mutex; init cannot fail for default attributes.
            _ = pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}
