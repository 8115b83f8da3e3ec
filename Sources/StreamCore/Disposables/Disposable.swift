/// Something that can be cancelled: an observation and the work behind it.
///
/// Disposing is idempotent and thread-safe in every disposable of this module, and may be done
/// from inside an event handler of the observation being disposed.
public protocol Disposable: Sendable {
    /// Cancels the observation and any underlying work. Calling it again does nothing.
    func dispose()

    /// Whether ``dispose()`` has been called, or the observation ended by itself.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Puts the disposable into a bag that disposes it when the bag is disposed or deallocated.
    ///
    /// ```swift
    /// signal.observeNext { print($0) }.dispose(in: bag)
    /// ```
    public func dispose(in bag: DisposeBag) {
        bag.add(self)
    }
}

/// A disposable that does nothing: for observations that cannot be cancelled.
public struct NonDisposable: Disposable {
    /// An instance (all are the same: the type has no state). Computed, so that reading it is
    /// free: a stored global is reached through a one-time-initialisation check per read.
    @inlinable
    public static var instance: NonDisposable { NonDisposable() }

    /// Creates a disposable that does nothing.
    @inlinable
    public init() {}

    /// Does nothing.
    public func dispose() {}

    /// Always `false`: there is nothing to dispose.
    public var isDisposed: Bool { false }
}

/// A disposable that is already disposed: what a finished synchronous observation returns.
@usableFromInline
package struct DisposedDisposable: Disposable {
    /// An instance (computed, as ``NonDisposable/instance`` is: no one-time-initialisation
    /// check per read; `Signal.just` returns it per observation).
    @inlinable
    package static var instance: DisposedDisposable { DisposedDisposable() }
    @inlinable package init() {}
    @usableFromInline package func dispose() {}
    @usableFromInline package var isDisposed: Bool { true }
}
