#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where threads sleep until an atomic word they watch changes: a fixed table of pthread mutex
/// and condition pairs, chosen by the word's address, allocated once for the process (a
/// futex, emulated portably).
///
/// A waiter re-checks its word with the bucket's mutex held and sleeps on the bucket's condition
/// (``wait(on:while:)``); a thread that changed the word wakes the bucket with the same mutex held
/// (``wakeAll(on:)``), so a wake-up cannot fall between the check and the sleep. Words that share
/// a bucket wake each other's waiters, which re-check their own words. Used by the lock on Linux
/// (``LockPrimitive``) and by the store's state gate on every platform.
@usableFromInline
package final class ParkingLot: @unchecked Sendable {
    // @unchecked Sendable: the table's pointers never change after `init`; each condition is
    // only waited on and broadcast with its own bucket's mutex held.

    /// The process's table.
    @usableFromInline
    package static let shared = ParkingLot()

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

    /// The bucket index for the word at `address`.
    private func index(for address: UInt) -> Int {
        // Words live in heap objects: drop the alignment bits, then mix.
        let bits = address >> 4
        return Int((bits ^ (bits >> 7) ^ (bits >> 13)) % UInt(Self.count))
    }

    /// Sleeps while `shouldWait` (evaluated with the bucket's mutex held, so it must not block
    /// or call user code) returns `true`, waking each time the bucket is woken.
    ///
    /// - Parameters:
    ///   - address: The word's address, or its owner object's (what chooses the bucket).
    ///   - shouldWait: Re-checks the word; `false` ends the wait.
    package func wait(on address: UInt, while shouldWait: () -> Bool) {
        let index = index(for: address)
        pthread_mutex_lock(mutexes + index)
        while shouldWait() {
            pthread_cond_wait(conditions + index, mutexes + index)
        }
        pthread_mutex_unlock(mutexes + index)
    }

    /// A bucket whose mutex the caller holds (inside ``withBucket(of:_:)``).
    package struct Bucket {
        fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>
        fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>

        /// Sleeps until the bucket is woken, releasing its mutex meanwhile; re-check after.
        package func wait() {
            pthread_cond_wait(condition, mutex)
        }

        /// Wakes every thread sleeping on the bucket.
        package func wakeAll() {
            pthread_cond_broadcast(condition)
        }
    }

    /// Runs `body` with the bucket's mutex held, so that what it changes and checks is ordered
    /// with the other waiters' and wakers' (`body` must not call user code).
    package func withBucket<R>(of address: UInt, _ body: (Bucket) -> R) -> R {
        let index = index(for: address)
        pthread_mutex_lock(mutexes + index)
        defer { pthread_mutex_unlock(mutexes + index) }
        return body(Bucket(mutex: mutexes + index, condition: conditions + index))
    }

    /// Wakes every thread waiting on the bucket of `address` (each re-checks its own word).
    package func wakeAll(on address: UInt) {
        let index = index(for: address)
        pthread_mutex_lock(mutexes + index)
        pthread_cond_broadcast(conditions + index)
        pthread_mutex_unlock(mutexes + index)
    }
}
