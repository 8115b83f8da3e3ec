public import Synchronization

/// The disposable that ``Signal/observe(with:)`` returns, created *before* the producer runs.
///
/// Its ``lifetime`` view is handed down the chain as the observer's lifetime, so operators and
/// synchronous producers can see a disposal made from inside an event handler at once — for
/// example `take(first:)` must not send `.completed` after its last element if the observer
/// disposed while handling that element. Checking the lifetime is one atomic load.
@usableFromInline
package final class ObservationHandle: Disposable {
    /// The disposed flag, in its own object so that lifetime views (which operators keep) do
    /// not keep the handle, and the handle's inner disposable, alive: no cycle after the
    /// observation ends by itself.
    ///
    /// It is also the lifetime handed down (``lifetime``): a class, so that observers copy it
    /// with one retain.
    @usableFromInline
    package final class Flag: Disposable {
        @usableFromInline
        package let value = Atomic<Bool>(false)

        @usableFromInline
        init() {}

        /// Does nothing: a lifetime is only read. Dispose the observation's handle instead.
        @inlinable
        package func dispose() {}

        /// Whether the observation was disposed (one atomic load).
        @inlinable
        package var isDisposed: Bool {
            value.load(ordering: .acquiring)
        }
    }

    @usableFromInline
    let flag = Flag()
    private let inner = LockedState<(any Disposable)?>(nil)
    #if DEBUG
    /// Counts the observation in ``Resources`` until it is disposed or terminates (debug only).
    @usableFromInline
    let resourceToken = Resources.track(.observations)
    #endif

    @usableFromInline
    init() {}

    /// Keeps the disposable of the running observation; disposes it at once if already disposed.
    @usableFromInline
    func attach(_ disposable: any Disposable) {
        let rejected: Bool = inner.withLock { inner in
            if flag.value.load(ordering: .acquiring) { return true }
            inner = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Ends the observation.
    @usableFromInline
    package func dispose() {
        guard !flag.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
        #if DEBUG
        resourceToken.end()
        #endif
        let disposable = inner.withLock { inner in
            defer { inner = nil }
            return inner
        }
        disposable?.dispose()
    }

    /// Whether the observation was disposed or has ended by itself.
    @usableFromInline
    package var isDisposed: Bool {
        if flag.value.load(ordering: .acquiring) { return true }
        return inner.withLock { $0 }?.isDisposed ?? false
    }

    /// The lifetime to hand down: disposed exactly when ``dispose()`` was called (the flag,
    /// read with no lock: one atomic load per check).
    @inlinable
    package var lifetime: Flag { flag }
}
