/// Mutable state guarded by a lock, in one allocation.
///
/// This is the toolkit's lock for engine state. It is a plain mutex, not a recursive one:
/// re-entrancy is handled by queueing, never by re-locking. Closures passed to ``withLock(_:)``
/// must not call user code; compute under the lock, return what to do, and act after unlocking.
///
/// The lock is a ``LockPrimitive`` in the buffer's element: an `os_unfair_lock` on Apple
/// platforms, and on Linux one atomic word (one compare-and-swap to take it and one exchange to
/// release it while uncontended, waiters parked in the ``ParkingLot``), which ThreadSanitizer
/// sees, unlike `Synchronization.Mutex` on this toolchain (Decision 0026). Debug builds trap on a
/// relock, a foreign unlock or an unlock of an unlocked box, naming the state's type. State is
/// reached through the buffer's pointer, so no dynamic exclusivity check runs per access.
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
    final class Storage: ManagedBuffer<State, LockPrimitive> {}

    /// Creates the box with its initial state.
    package init(_ initial: State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { word in
            word.initialize(to: LockPrimitive())  // unlocked
        }
    }

    /// Takes the lock and returns the state's address, for an engine whose critical section is
    /// its hot path and reads best written straight (no closure for the optimiser to outline).
    /// The caller must call ``unsafeUnlock()`` exactly once, on this thread, and must not use the
    /// pointer after it: nothing checks that in release builds, hence the name.
    /// The pointer outlives `withUnsafeMutablePointers`' closure: the buffer's addresses never
    /// move, and `storage` keeps the buffer alive for as long as this box exists.
    @inlinable
    package func unsafeLock() -> UnsafeMutablePointer<State> {
        let (state, word) = storage.withUnsafeMutablePointers { ($0, $1) }
        LockPrimitive.lock(word, name: Self.name)
        return state
    }

    /// Releases the lock taken with ``unsafeLock()``.
    @inlinable
    package func unsafeUnlock() {
        LockPrimitive.unlock(storage.withUnsafeMutablePointerToElements { $0 }, name: Self.name)
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, word in
            LockPrimitive.lock(word, name: Self.name)
            defer { LockPrimitive.unlock(word, name: Self.name) }
            return try body(&state.pointee)
        }
    }

    /// Names the box in a misuse trap (debug builds).
    @usableFromInline
    static var name: String { "LockedState<\(State.self)>" }
}
