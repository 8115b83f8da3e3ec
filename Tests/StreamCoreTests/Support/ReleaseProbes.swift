import Dispatch
import Foundation

/// Runs a closure in its `deinit`: held by an observer's closure, it shows when (and on which
/// path) the subject lets go of the observer, and a closure that takes the subject's lock shows
/// whether that happened under it.
final class DeinitProbe: Sendable {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// Runs `work` on a thread of its own and reports whether it finished within 30 s (work that
/// deadlocks, such as a release under a lock that the released code takes, fails the test
/// instead of hanging the run).
func finishesOnAnotherThread(_ work: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        work()
        done.signal()
    }
    return done.wait(timeout: .now() + 30) == .success
}
