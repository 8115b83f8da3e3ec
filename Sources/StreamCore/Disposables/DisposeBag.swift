/// A container that disposes its disposables when it is disposed or deallocated.
///
/// ```swift
/// final class ViewModel {
///     let bag = DisposeBag()
///     init(name: Property<String>) {
///         name.observeNext { print($0) }.dispose(in: bag)
///     }
/// }
/// ```
///
/// Unlike a ``CompositeDisposable``, a bag can be reused after ``dispose()``: it empties itself and
/// keeps accepting new disposables.
public final class DisposeBag: Disposable {
    private let state: LockedState<[any Disposable]>

    /// Creates an empty bag.
    public init() {
        state = LockedState([])
    }

    /// Adds a disposable to the bag.
    public func add(_ disposable: any Disposable) {
        state.withLock { $0.append(disposable) }
    }

    /// Adds several disposables to the bag.
    public func add(disposables: [any Disposable]) {
        state.withLock { $0.append(contentsOf: disposables) }
    }

    /// Adds a disposable to the bag.
    public static func += (bag: DisposeBag, disposable: any Disposable) {
        bag.add(disposable)
    }

    /// Disposes and removes everything in the bag; the bag stays usable.
    public func dispose() {
        let contents = state.withLock { list in
            defer { list = [] }
            return list
        }
        contents.forEach { $0.dispose() }
    }

    /// Whether the bag is empty (nothing left to dispose).
    public var isDisposed: Bool {
        state.withLock { $0.isEmpty }
    }

    deinit {
        dispose()
    }
}
