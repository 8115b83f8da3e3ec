import Dispatch
import Foundation
@testable import StreamCore
import Synchronization
import Testing

#if !canImport(Darwin)
/// The lock on Linux (`LockPrimitive`'s word, in a `LockedState`): mutual exclusion under
/// contention, waiters parked behind a long holder are woken when it unlocks, the word's
/// contended mark, and locks that share a parking bucket.
@Suite struct LockTests {
    /// The lock word of a box: 0 unlocked, 1 locked, 2 locked with parked waiters.
    private func word(_ box: LockedState<Int>) -> UInt32 {
        box.storage.withUnsafeMutablePointerToElements { $0.pointee.word.load(ordering: .acquiring) }
    }

    @Test func contendedIncrementsAreNeitherLostNorDuplicated() {
        let box = LockedState(0)
        runConcurrently(threads: 8) { _ in
            for _ in 0..<20_000 { box.withLock { $0 += 1 } }
        }
        #expect(box.withLock { $0 } == 160_000)
        #expect(word(box) == 0)
    }

    @Test func aWaiterParkedBehindALongHolderIsWokenWhenItUnlocks() {
        let box = LockedState(0)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let waiterDone = DispatchSemaphore(value: 0)
        let holderDone = DispatchSemaphore(value: 0)
        // Threads of their own: a busy dispatch pool must not delay the waiter past the checks.
        Thread.detachNewThread {
            box.withLock { value in
                held.signal()
                release.wait()  // hold the lock until the test lets go
                value = 1
            }
            holderDone.signal()
        }
        held.wait()
        Thread.detachNewThread {
            box.withLock { value in value = value * 10 + 2 }  // must run after the holder: 12
            waiterDone.signal()
        }
        // Give the waiter time to spin out and park; the word then carries the contended mark.
        var marked = false
        for _ in 0..<5_000 where !marked {
            usleep(1_000)
            marked = word(box) == 2
        }
        #expect(marked)
        release.signal()
        #expect(waiterDone.wait(timeout: .now() + 10) == .success)
        #expect(holderDone.wait(timeout: .now() + 10) == .success)
        #expect(box.withLock { $0 } == 12)
        #expect(word(box) == 0)
    }

    @Test func locksSharingParkingBucketsAllMakeProgress() {
        // More locks than buckets, each contended by several threads: a wake-up meant for one
        // word wakes the bucket, and every waiter re-checks its own word.
        let boxes = (0..<200).map { _ in LockedState(0) }
        runConcurrently(threads: 8) { thread in
            for index in 0..<8_000 {
                let box = boxes[(index &* 7 &+ thread) % boxes.count]
                box.withLock { value in
                    value += 1
                    if index % 1_000 == 0 { usleep(200) }  // a long holder now and then: parking
                }
            }
        }
        #expect(boxes.reduce(0) { $0 + $1.withLock { $0 } } == 64_000)
        #expect(boxes.allSatisfy { word($0) == 0 })
    }
}
#endif
