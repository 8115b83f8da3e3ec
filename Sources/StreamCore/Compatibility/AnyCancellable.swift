/// A disposable with identity, that can be kept in a `Set` (ReactiveKit's and Combine's
/// `AnyCancellable`).
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// name.sink { print($0) }.store(in: &cancellables)
/// ```
///
/// Two values are equal only if they are the same instance. Unlike Combine's, it does not
/// cancel on deinit: like every disposable, it cancels when ``dispose()`` (or ``cancel()``) is
/// called, or when a `DisposeBag` holding it goes away.
public final class AnyCancellable: Disposable, Hashable {
    private let wrapped: any Disposable

    /// Wraps a disposable.
    ///
    /// - Parameter disposable: Disposed by ``dispose()``.
    public init(_ disposable: any Disposable) {
        wrapped = disposable
    }

    /// Wraps a cancellation closure, called once on the first ``dispose()``.
    ///
    /// - Parameter cancel: The work that cancels.
    public convenience init(_ cancel: @escaping @Sendable () -> Void) {
        self.init(BlockDisposable(cancel))
    }

    /// Cancels the wrapped disposable (Combine's name for ``dispose()``).
    public func cancel() {
        wrapped.dispose()
    }

    /// Disposes the wrapped disposable.
    public func dispose() {
        wrapped.dispose()
    }

    /// Whether the wrapped disposable is disposed.
    public var isDisposed: Bool {
        wrapped.isDisposed
    }

    /// Adds this value to `set`.
    ///
    /// - Parameter set: The set that keeps it.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Compares identities.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Disposable {
    /// Wraps the disposable in an ``AnyCancellable`` and adds it to `set`.
    ///
    /// ```swift
    /// var cancellables = Set<AnyCancellable>()
    /// name.sink { print($0) }.store(in: &cancellables)
    /// ```
    ///
    /// - Parameter set: The set that keeps it.
    public func store(in set: inout Set<AnyCancellable>) {
        (self as? AnyCancellable ?? AnyCancellable(self)).store(in: &set)
    }
}
