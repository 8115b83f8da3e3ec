import Dispatch
import Foundation
import TestSupport

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

/// A downstream handler that records elements and blocks in the delivery of 1 until the test
/// lets it go: it keeps a delivery role held on another thread while the test acts.
final class BlockingDelivery: Sendable {
    let received = Box<[Int]>([])
    private let entered = DispatchSemaphore(value: 0)
    private let proceed = DispatchSemaphore(value: 0)

    init() {}

    /// Records the element; blocks in the delivery of 1 until ``whileHeld(sending:_:)``'s body
    /// has run.
    func handle(_ value: Int) {
        received.mutate { $0.append(value) }
        if value == 1 {
            entered.signal()
            proceed.wait()
        }
    }

    /// Runs `send` (which must deliver 1 to ``handle(_:)``) on a thread of its own, runs `body`
    /// while that thread is held in the delivery, then lets it go; returns whether the send
    /// finished within 30 s.
    func whileHeld(sending send: @escaping @Sendable () -> Void, _ body: () -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            send()
            finished.signal()
        }
        entered.wait()
        body()
        proceed.signal()
        return finished.wait(timeout: .now() + 30) == .success
    }
}
