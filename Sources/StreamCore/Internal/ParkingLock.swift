#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Synchronization

/// The lock word behind ``LockedState``: one atomic, taken and released with one atomic
/// instruction each while uncontended, parking waiters on a shared condition variable otherwise.
///
/// States: `0` unlocked, `1` locked, `2` locked with (possibly) parked waiters. `lock()` takes
/// `0` → `1` by compare-and-swap (acquiring); `unlock()` exchanges `0` in (releasing) and, only
/// if it took out `2`, wakes the waiters parked for this word. A thread that cannot take the
/// word spins briefly, then marks it `2` and parks on its ``ParkingLot`` bucket, under the
/// bucket's pthread mutex: it marks and re-checks while holding that mutex, and the unlocker
/// takes the same mutex to broadcast, so a wake-up cannot fall between the check and the wait.
/// (Drepper's "Futexes are tricky" mutex, with a pthread condition variable for the futex.)
///
/// ThreadSanitizer sees the acquiring and releasing atomics (and the pthread calls of the slow
/// path), so what the lock guards is ordered for it; `Synchronization.Mutex` is not seen on this
/// toolchain (Decision 0002). Not recursive, not fair (neither was the pthread mutex).
@usableFromInline
package enum ParkingLock {
    @usableFromInline typealias Word = UnsafeMutablePointer<Atomic<UInt32>>

    /// Takes the lock.
    @inlinable @inline(__always)
    static func lock(_ word: Word) {
        if word.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        lockContended(word)
    }

    /// Releases the lock, waking parked waiters if there may be any.
    @inlinable @inline(__always)
    static func unlock(_ word: Word) {
        if word.pointee.exchange(0, ordering: .releasing) == 2 { wake(word) }
    }

    /// Spins a little, then parks until the lock is taken (marked contended: `2`).
    @usableFromInline @inline(never)
    static func lockContended(_ word: Word) {
        for _ in 0..<64 {
            if word.pointee.load(ordering: .relaxed) == 0,
                word.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
        }
        let bucket = ParkingLot.shared.bucket(for: UnsafeRawPointer(word))
        pthread_mutex_lock(bucket.mutex)
        // Taking the word as `2` keeps the mark for any waiter still parked behind us.
        while word.pointee.exchange(2, ordering: .acquiring) != 0 {
            pthread_cond_wait(bucket.condition, bucket.mutex)
        }
        pthread_mutex_unlock(bucket.mutex)
    }

    /// Wakes every thread parked on the word's bucket (they re-check their own word).
    @usableFromInline @inline(never)
    static func wake(_ word: Word) {
        let bucket = ParkingLot.shared.bucket(for: UnsafeRawPointer(word))
        pthread_mutex_lock(bucket.mutex)
        pthread_cond_broadcast(bucket.condition)
        pthread_mutex_unlock(bucket.mutex)
    }
}

/// Where contended ``ParkingLock`` waiters sleep: a fixed table of pthread mutex and condition
/// pairs, chosen by the lock word's address, allocated once for the process.
@usableFromInline
final class ParkingLot: @unchecked Sendable {
    // @unchecked Sendable: the table's pointers never change after `init`; each condition is
    // only waited on and broadcast with its own bucket's pthread mutex held.

    /// One bucket: a pthread mutex and the condition its waiters sleep on.
    @usableFromInline
    struct Bucket {
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        let condition: UnsafeMutablePointer<pthread_cond_t>
    }

    /// The process's table.
    @usableFromInline
    static let shared = ParkingLot()

    private static let count = 64
    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        mutexes = .allocate(capacity: Self.count)
        conditions = .allocate(capacity: Self.count)
        for index in 0..<Self.count {
            (mutexes + index).initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutexes + index, nil)
            (conditions + index).initialize(to: pthread_cond_t())
            _ = pthread_cond_init(conditions + index, nil)
        }
    }

    /// The bucket for the lock word at `address`.
    @usableFromInline
    func bucket(for address: UnsafeRawPointer) -> Bucket {
        // Words live in heap objects: drop the alignment bits, then mix.
        let bits = UInt(bitPattern: address) >> 4
        let index = Int((bits ^ (bits >> 7) ^ (bits >> 13)) % UInt(Self.count))
        return Bucket(mutex: mutexes + index, condition: conditions + index)
    }
}

/// A ``ParkingLock`` word with explicit lock and unlock, for the engines whose guarded state is
/// spread over a class (the subject core, the loop engine) and so cannot live in one
/// ``LockedState``. Replaces a `PThreadMutex` where nothing waits on a condition with it
/// (``PThreadMutex`` stays for the store's state gate, which does).
@usableFromInline
package struct WordLock: @unchecked Sendable {
    // @unchecked Sendable: the word is an atomic, allocated once and freed by the owner's
    // `deallocate()`.
    @usableFromInline
    let word: UnsafeMutablePointer<Atomic<UInt32>>

    /// Creates an unlocked lock; the owner must call ``deallocate()`` exactly once.
    package init() {
        word = .allocate(capacity: 1)
        word.initialize(to: Atomic(0))
    }

    /// Acquires the lock.
    @inlinable
    package func lock() {
        ParkingLock.lock(word)
    }

    /// Releases the lock.
    @inlinable
    package func unlock() {
        ParkingLock.unlock(word)
    }

    /// Runs `body` with the lock held.
    @inlinable
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        ParkingLock.lock(word)
        defer { ParkingLock.unlock(word) }
        return try body()
    }

    /// Frees the lock word.
    package func deallocate() {
        word.deinitialize(count: 1)
        word.deallocate()
    }
}
