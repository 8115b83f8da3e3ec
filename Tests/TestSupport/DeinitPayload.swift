import Foundation

/// A payload whose `deinit` runs a closure: user code at release time. Tests queue such payloads
/// where the toolkit might release them with a lock held; a `deinit` that sends back into the
/// same subject, store or observation would then take that (non-recursive) lock again and hang.
public final class DeinitPayload: Sendable {
    private let onDeinit: @Sendable () -> Void

    /// Creates a payload that runs `onDeinit` when released.
    public init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }

    deinit { onDeinit() }
}

/// Runs `work` on another thread and reports whether it finished within `seconds`: a regression
/// that hangs (a release under a lock the released code takes again) fails instead of hanging
/// the suite.
public func finishesOnAnotherThread(within seconds: Double = 30, _ work: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        work()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
}
