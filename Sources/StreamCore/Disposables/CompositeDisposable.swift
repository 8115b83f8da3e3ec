/// A disposable that disposes a group of disposables together.
///
/// Adding to a composite that is already disposed disposes the new disposable at once.
public final class CompositeDisposable: Disposable {
    private let state: LockedState<[any Disposable]?>

    /// Creates a composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        state = LockedState(disposables)
    }

    /// Adds a disposable; disposes it immediately if the composite is already disposed.
    public func add(_ disposable: any Disposable) {
        let rejected: Bool = state.withLock { list in
            guard list != nil else { return true }
            list!.append(disposable)
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Adds a disposable to the composite.
    public static func += (composite: CompositeDisposable, disposable: any Disposable) {
        composite.add(disposable)
    }

    /// Disposes every disposable in the group, once.
    public func dispose() {
        let list = state.withLock { list in
            defer { list = nil }
            return list
        }
        list?.forEach { $0.dispose() }
    }

    /// Whether the composite has been disposed.
    public var isDisposed: Bool {
        state.withLock { $0 == nil }
    }
}
