/// A unit of scheduled work that runs at most once and can be cancelled before it runs.
///
/// Schedulers hand the action to their queue and return it as the disposable. Disposing it
/// releases the closure at once (not when the deadline passes), so whatever the work captured is
/// freed as soon as nobody wants it. Running and disposing race safely: exactly one of them takes
/// the closure.
package final class ScheduledAction: Disposable {
    private let work: LockedState<(@Sendable () -> Void)?>

    /// Wraps `work` to run once.
    package init(_ work: @escaping @Sendable () -> Void) {
        self.work = LockedState(work)
    }

    /// Runs the work unless it already ran or was disposed; the work runs outside the lock.
    package func run() {
        let work = self.work.withLock { work in
            defer { work = nil }
            return work
        }
        work?()
    }

    /// Cancels the work if it has not started; releases the closure.
    package func dispose() {
        let work = self.work.withLock { work in
            defer { work = nil }
            return work
        }
        _ = work
    }

    /// Whether the work ran or was cancelled.
    package var isDisposed: Bool {
        work.withLock { $0 == nil }
    }
}
