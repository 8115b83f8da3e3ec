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
    /// The subject behind ``deallocated``, created on first use (most bags never need it).
    private let deallocatedSubject = LockedState<PassthroughSubject<Void, Never>?>(nil)

    /// Creates an empty bag.
    public init() {
        state = LockedState([])
    }

    /// A signal that completes when the bag is deallocated.
    ///
    /// Marble: `-----|` (completes when the bag is deallocated; it never sends an element)
    ///
    /// ```swift
    /// ticks.take(until: bag.deallocated).observeNext { print($0) }
    /// ```
    ///
    /// The signal does not keep the bag alive. An observation made while the bag exists gets
    /// `.completed` on the thread that releases the bag, after the bag's contents are disposed;
    /// one made later (through a signal obtained earlier) gets `.completed` at once. This is what
    /// ``DisposeBagProvider`` uses as the owner's ``Deallocatable/deallocated`` signal.
    public var deallocated: Signal<Void, Never> {
        let subject = deallocatedSubject.withLock { slot in
            if let subject = slot { return subject }
            let subject = PassthroughSubject<Void, Never>()
            slot = subject
            return subject
        }
        return subject.toSignal()
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
        // Taken out under the lock, completed outside it: observers never run under our lock.
        let subject = deallocatedSubject.withLock { slot in
            defer { slot = nil }
            return slot
        }
        subject?.send(completion: .finished)
    }
}
