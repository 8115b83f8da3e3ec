import Synchronization

/// A disposable that holds one replaceable inner disposable.
///
/// Setting ``otherDisposable`` disposes the one it replaces (the usual meaning of "serial", as in
/// RxSwift); setting it after the serial disposable was disposed disposes the new value at once.
public final class SerialDisposable: Disposable {
    private let disposed = Atomic<Bool>(false)
    private let state: LockedState<(any Disposable)?>

    /// Creates a serial disposable with an optional first inner disposable.
    public init(otherDisposable: (any Disposable)? = nil) {
        state = LockedState(otherDisposable)
    }

    /// The current inner disposable. Replacing it disposes the previous one.
    public var otherDisposable: (any Disposable)? {
        get { state.withLock { $0 } }
        set {
            let (previous, rejected): ((any Disposable)?, Bool) = state.withLock { current in
                if disposed.load(ordering: .acquiring) { return (nil, true) }
                defer { current = newValue }
                return (current, false)
            }
            previous?.dispose()
            if rejected { newValue?.dispose() }
        }
    }

    /// Disposes the inner disposable and every later one.
    public func dispose() {
        let inner: (any Disposable)? = state.withLock { current in
            guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
            defer { current = nil }
            return current
        }
        inner?.dispose()
    }

    /// Whether the serial disposable has been disposed (a lock-free read).
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }
}
