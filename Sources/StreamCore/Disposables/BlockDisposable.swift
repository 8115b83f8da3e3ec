/// A disposable that runs a closure once, when it is first disposed.
///
/// ```swift
/// let signal = Signal<Data, Error> { observer in
///     let task = startDownload(observer)
///     return BlockDisposable { task.cancel() }
/// }
/// ```
///
/// The closure runs outside any lock, on the thread that disposes, and is released afterwards.
public final class BlockDisposable: Disposable {
    private let handler: LockedState<(@Sendable () -> Void)?>

    /// Creates a disposable that runs `handler` when disposed.
    public init(_ handler: @escaping @Sendable () -> Void) {
        self.handler = LockedState(handler)
    }

    /// Runs the closure if it has not run yet.
    public func dispose() {
        let work = handler.withLock { handler in
            defer { handler = nil }
            return handler
        }
        work?()
    }

    /// Whether the closure has run.
    public var isDisposed: Bool {
        handler.withLock { $0 == nil }
    }
}
