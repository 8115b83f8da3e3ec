#if canImport(Glibc)
import Dispatch
import Foundation
import Glibc
import StreamCore
import Synchronization
import TestSupport

/// A serial execution context served by one thread of its own, so that a test can park the
/// thread a `receive(on:)` hop delivers on (a dispatch queue's worker is not one known thread).
final class HopThread: Sendable {
    private let items = Box<[@Sendable () -> Void]>([])
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private let exited = DispatchSemaphore(value: 0)
    private let published = DispatchSemaphore(value: 0)
    private let identity = Atomic<pthread_t>(0)

    init() {
        Thread.detachNewThread { [self] in
            SignalParking.acceptOnThisThread()
            identity.store(pthread_self(), ordering: .releasing)
            published.signal()
            while true {
                wake.wait()
                let batch = items.mutate { items in
                    defer { items = [] }
                    return items
                }
                for work in batch { work() }
                if stopped.load(ordering: .acquiring) && items.value.isEmpty { break }
            }
            exited.signal()
        }
        published.wait()
    }

    /// The serving thread, for `pthread_kill`; it runs until ``stop()``.
    var thread: pthread_t { identity.load(ordering: .acquiring) }

    /// The context that runs work on the thread, in order.
    var context: ExecutionContext {
        ExecutionContext { [self] work in
            items.append(work)
            wake.signal()
        }
    }

    /// Waits until the work queued so far has run.
    func flush() -> Bool {
        let done = DispatchSemaphore(value: 0)
        context.execute { done.signal() }
        return done.wait(timeout: .now() + 30) == .success
    }

    /// Runs what is queued, then ends the thread; returns whether it ended within 30 s.
    func stop() -> Bool {
        stopped.store(true, ordering: .releasing)
        wake.signal()
        return exited.wait(timeout: .now() + 30) == .success
    }
}
#endif
