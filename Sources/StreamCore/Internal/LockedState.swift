public import Synchronization

/// Mutable state guarded by a lock, in one allocation.
///
/// This is the toolkit's lock for engine state. It is a plain mutex, not a recursive one:
/// re-entrancy is handled by queueing, never by re-locking. Closures passed to ``withLock(_:)``
/// must not call user code; compute under the lock, return what to do, and act after unlocking.
///
/// The lock is a ``ParkingLock`` word in the buffer's element: one compare-and-swap to take it
/// and one exchange to release it while uncontended (cheaper than an uncontended
/// `pthread_mutex_t` pair: Decision 0002), with waiters parked on pthread condition
/// variables. `Synchronization.Mutex` is not used because ThreadSanitizer on Linux does not see
/// it and reports false races (see `Docs/Decisions/0002-locking.md`); it sees these atomics.
/// State is reached through the buffer's pointer, so no dynamic exclusivity check runs per access.
///
/// Unlike `NIOLockedValueBox`, the box is `Sendable` whatever `State` is: elements need not be
/// `Sendable` (Decision 0004), and the lock is what makes sharing the box sound, so the one
/// `@unchecked` lives here rather than on every engine's state (Decision 0022). Engines keep
/// their delivery lifecycle in it as a ``DeliveryRole``.
@usableFromInline
package struct LockedState<State>: @unchecked Sendable {
    // @unchecked Sendable: every access to `storage`'s header goes through `withLock`, or happens
    // between `lock()` and `unlock()`, which hold the lock word stored in the same buffer.
    @usableFromInline
    let storage: Storage

    @usableFromInline
    final class Storage: ManagedBuffer<State, Atomic<UInt32>> {}

    /// Creates the box with its initial state.
    package init(_ initial: State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { word in
            word.initialize(to: Atomic(0))  // unlocked
        }
    }

    /// Takes the lock and returns the state's address, for an engine whose critical section is
    /// its hot path and reads best written straight (no closure for the optimiser to outline).
    /// The caller must call ``unlock()`` exactly once, and must not use the pointer after it.
    /// The pointer outlives `withUnsafeMutablePointers`' closure: the buffer's addresses never
    /// move, and `storage` keeps the buffer alive for as long as this box exists.
    @inlinable
    package func lock() -> UnsafeMutablePointer<State> {
        let (state, word) = storage.withUnsafeMutablePointers { ($0, $1) }
        ParkingLock.lock(word)
        return state
    }

    /// Releases the lock taken with ``lock()``.
    @inlinable
    package func unlock() {
        ParkingLock.unlock(storage.withUnsafeMutablePointerToElements { $0 })
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, word in
            ParkingLock.lock(word)
            defer { ParkingLock.unlock(word) }
            return try body(&state.pointee)
        }
    }
}
