import StreamCore
import Synchronization

/// An integer counter built on `Atomic`, which ThreadSanitizer understands.
final class AtomicCounter: Sendable {
    private let storage: Atomic<Int>

    init(_ value: Int = 0) {
        storage = Atomic(value)
    }

    var value: Int { storage.load(ordering: .sequentiallyConsistent) }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        storage.add(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Subtracts one and returns the new value.
    @discardableResult
    func decrement() -> Int {
        storage.subtract(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Raises the value to `candidate` if that is larger.
    func raise(to candidate: Int) {
        storage.max(candidate, ordering: .sequentiallyConsistent)
    }
}

/// A cold source that forwards a subject and counts its connections.
///
/// `signal` is an ordinary `Signal` whose producer increments `subscriptions` and `active` when
/// it runs, records the highest `active` seen in `maxActive`, and decrements `active` (and
/// increments `disposals`) when its disposable is disposed.
final class CountingSource<Element: Sendable>: Sendable {
    let subject = PassthroughSubject<Element, TestError>()
    let subscriptions = AtomicCounter()
    let active = AtomicCounter()
    let maxActive = AtomicCounter()
    let disposals = AtomicCounter()

    init() {}

    var signal: Signal<Element, TestError> {
        Signal({ [self] observer in
            subscriptions.increment()
            maxActive.raise(to: active.increment())
            let inner = subject.observe(with: { observer.on($0) })
            return BlockDisposable { [self] in
                inner.dispose()
                active.decrement()
                disposals.increment()
            }
        })
    }

    func send(_ element: Element) {
        subject.send(element)
    }
}

/// An event log guarded by the toolkit's pthread-based lock (ThreadSanitizer sees it), for
/// observers that run on several threads.
final class LockedLog<Value: Sendable>: Sendable {
    private let storage = LockedState<[Value]>([])

    init() {}

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] { storage.withLock { $0 } }
}
