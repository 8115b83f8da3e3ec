import Dispatch
import Foundation
import StreamCore

/// How long real-queue tests wait before declaring failure: generous, since a passing test never
/// waits that long.
let generousTimeout: Double = 60

/// Waits until `semaphore` is signalled; `false` if `timeout` seconds passed first.
///
/// The blocking wait happens on a thread of its own: not on the cooperative pool (which runs the
/// tasks we may be waiting for) and not on a global dispatch queue (whose worker threads the
/// Swift executor shares on Linux, so blocked waiters there starve the tasks under test).
func wait(for semaphore: DispatchSemaphore, timeout: Double = generousTimeout) async -> Bool {
    await withCheckedContinuation { continuation in
        let waiter = Thread {
            continuation.resume(returning: semaphore.wait(timeout: .now() + timeout) == .success)
        }
        waiter.start()
    }
}

/// Waits until `queue` has run everything submitted to it so far.
func drain(_ queue: DispatchQueue) async {
    await withCheckedContinuation { continuation in
        queue.async { continuation.resume() }
    }
}

/// Waits (on a thread of its own, never the cooperative pool) until `condition` holds, for up
/// to `timeout` seconds; returns whether it held. For effects that happen right after the last
/// user callback returns (a hop disposing itself after delivering the terminal event).
func eventually(timeout: Double = generousTimeout, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    let done = DispatchSemaphore(value: 0)
    let result = LockedState(false)
    Thread.detachNewThread {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline { usleep(100) }
        result.withLock { $0 = condition() }
        done.signal()
    }
    _ = await wait(for: done, timeout: timeout + 1)
    return result.withLock { $0 }
}
