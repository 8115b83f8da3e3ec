import Dispatch

/// How long real-queue tests wait before declaring failure: generous, since a passing test never
/// waits that long.
let generousTimeout: Double = 20

/// Waits on a dispatch thread (never blocking the cooperative pool) until `semaphore` is
/// signalled; `false` if `timeout` seconds passed first.
func wait(for semaphore: DispatchSemaphore, timeout: Double = generousTimeout) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + timeout) == .success)
        }
    }
}

/// Waits until `queue` has run everything submitted to it so far.
func drain(_ queue: DispatchQueue) async {
    await withCheckedContinuation { continuation in
        queue.async { continuation.resume() }
    }
}
