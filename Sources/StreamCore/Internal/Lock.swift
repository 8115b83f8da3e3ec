#if canImport(Darwin)
public import Darwin
#endif
public import Synchronization

// The toolkit's one lock (Docs/Architecture.md, "Locks"): `LockPrimitive` is its storage,
// `LockPrimitive.lock(_:name:)` and `unlock(_:name:)` its two operations, `Lock` a lock of its own
// and `LockedState` a lock with the state it guards in one allocation.

#if canImport(Darwin)
/// The storage of one lock: on Apple platforms an `os_unfair_lock`, which records its owner, so
/// the system can raise the priority of a low-priority thread holding it while a higher-priority
/// thread waits, and traps on an unlock by a thread that does not hold it and on a relock.
@usableFromInline
package typealias LockPrimitive = os_unfair_lock
#else
/// The storage of one lock on Linux: one atomic word, taken and released with one atomic
/// instruction each while uncontended, with waiters parked in the ``ParkingLot`` otherwise
/// (Decision 0026). Debug builds also record the holding thread, to trap on misuse.
@usableFromInline
package struct LockPrimitive: ~Copyable {
    /// `0` unlocked, `1` locked, `2` locked with (possibly) parked waiters.
    @usableFromInline
    let word: Atomic<UInt32>
    #if DEBUG
    /// The holding thread's ``ThreadIdentity``, `0` while unlocked (debug builds only).
    @usableFromInline
    let owner: Atomic<UInt>
    #endif

    /// An unlocked lock.
    @inlinable
    package init() {
        word = Atomic(0)
        #if DEBUG
        owner = Atomic(0)
        #endif
    }
}
#endif

extension LockPrimitive {
    /// Takes the lock at `lock`. In debug builds, a thread that already holds it traps (it would
    /// deadlock), with `name` in the message.
    @inlinable @inline(__always)
    package static func lock(_ lock: UnsafeMutablePointer<LockPrimitive>, name: @autoclosure () -> String) {
        #if canImport(Darwin)
        #if DEBUG
        os_unfair_lock_assert_not_owner(lock)
        #endif
        os_unfair_lock_lock(lock)
        #else
        #if DEBUG
        let me = ThreadIdentity.current
        if lock.pointee.owner.load(ordering: .relaxed) == me {
            misuse("\(name()) was locked again by the thread that holds it (a deadlock)")
        }
        #endif
        if !lock.pointee.word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            lockContended(lock)
        }
        #if DEBUG
        lock.pointee.owner.store(me, ordering: .relaxed)
        #endif
        #endif
    }

    /// Releases the lock at `lock`. In debug builds, an unlock by a thread that does not hold it,
    /// or of a lock nobody holds, traps, with `name` in the message.
    @inlinable @inline(__always)
    package static func unlock(_ lock: UnsafeMutablePointer<LockPrimitive>, name: @autoclosure () -> String) {
        #if canImport(Darwin)
        #if DEBUG
        os_unfair_lock_assert_owner(lock)
        #endif
        os_unfair_lock_unlock(lock)
        #else
        #if DEBUG
        // Relaxed is enough: a thread only ever finds its own identity here if it stored it.
        let owner = lock.pointee.owner.load(ordering: .relaxed)
        if owner != ThreadIdentity.current {
            misuse(
                owner == 0
                    ? "\(name()) was unlocked while nobody held it"
                    : "\(name()) was unlocked by a thread that does not hold it")
        }
        lock.pointee.owner.store(0, ordering: .relaxed)
        #endif
        if lock.pointee.word.exchange(0, ordering: .releasing) == 2 { wake(lock) }
        #endif
    }

    #if !canImport(Darwin)
    /// Spins a little, then parks until the lock is taken (marked contended: `2`).
    ///
    /// A thread that cannot take the word marks it `2` and waits on its ``ParkingLot`` bucket:
    /// it marks and re-checks while holding the bucket's mutex, and the unlocker takes the same
    /// mutex to wake it, so a wake-up cannot fall between the check and the wait (Drepper's
    /// "Futexes are tricky" mutex, with a condition variable for the futex). Taking the word as
    /// `2` keeps the mark for any waiter still parked behind us.
    @usableFromInline @inline(never)
    static func lockContended(_ lock: UnsafeMutablePointer<LockPrimitive>) {
        for _ in 0..<64 {
            if lock.pointee.word.load(ordering: .relaxed) == 0,
                lock.pointee.word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
        }
        ParkingLot.shared.wait(on: UInt(bitPattern: lock)) {
            lock.pointee.word.exchange(2, ordering: .acquiring) != 0
        }
    }

    /// Wakes the threads parked on the lock's bucket (they re-check their own words).
    @usableFromInline @inline(never)
    static func wake(_ lock: UnsafeMutablePointer<LockPrimitive>) {
        ParkingLot.shared.wakeAll(on: UInt(bitPattern: lock))
    }
    #endif

    /// Traps on a misused lock (debug builds only).
    @usableFromInline @inline(never)
    static func misuse(_ message: String) -> Never {
        preconditionFailure("Lock misuse: \(message)")
    }
}

/// A lock on its own, for the engines whose guarded state is spread over a class (the subject
/// core, the loop engine) and so cannot live in one ``LockedState``.
///
/// Taking and releasing it by hand is ``unsafeLock()`` and ``unsafeUnlock()``: the names say
/// that nothing checks the pairing in release builds. Prefer ``withLock(_:)``.
@usableFromInline
package struct Lock: @unchecked Sendable {
    // @unchecked Sendable: the primitive is a lock, allocated once and freed by the owner's
    // `deallocate()`.
    @usableFromInline
    let primitive: UnsafeMutablePointer<LockPrimitive>
    #if DEBUG
    /// Names the lock in a misuse trap (debug builds only).
    @usableFromInline
    let name: StaticString
    #endif

    /// Creates an unlocked lock; the owner must call ``deallocate()`` exactly once.
    ///
    /// - Parameter name: Names the lock in a debug build's misuse trap.
    package init(name: StaticString) {
        primitive = .allocate(capacity: 1)
        primitive.initialize(to: LockPrimitive())
        #if DEBUG
        self.name = name
        #endif
    }

    /// The name a misuse trap gives.
    @inlinable
    var debugName: String {
        #if DEBUG
        "\(name)"
        #else
        ""
        #endif
    }

    /// Takes the lock. The caller must call ``unsafeUnlock()`` exactly once, on this thread.
    @inlinable
    package func unsafeLock() {
        LockPrimitive.lock(primitive, name: debugName)
    }

    /// Releases the lock taken with ``unsafeLock()``.
    @inlinable
    package func unsafeUnlock() {
        LockPrimitive.unlock(primitive, name: debugName)
    }

    /// Runs `body` with the lock held. `body` must not call user code.
    @inlinable
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        LockPrimitive.lock(primitive, name: debugName)
        defer { LockPrimitive.unlock(primitive, name: debugName) }
        return try body()
    }

    /// Frees the lock.
    package func deallocate() {
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }
}
