import Synchronization

/// One observer registered with a subject; it is also the observation's disposable.
package final class ObserverNode<Element, Error: Swift.Error>: Disposable {
    // Sendable without @unchecked is impossible for the two vars below; they follow a rule the
    // compiler cannot see, so the class is marked @unchecked below with the rule spelled out.
    /// The observer. Read only by the thread that holds the owning core's delivery role; written
    /// only under the core's lock while no delivery is running, or by the delivering thread.
    @exclusivity(unchecked)
    package var observer: Observer<Element, Error>?
    /// Position in the core's slot array; read and written only under the core's lock.
    @exclusivity(unchecked)
    package var index: Int = -1
    /// Set once, by dispose or by termination; read lock-free before each delivery.
    private let disposed = Atomic<Bool>(false)
    private weak var core: SubjectCore<Element, Error>?

    package init(observer: Observer<Element, Error>, core: SubjectCore<Element, Error>) {
        self.observer = observer
        self.core = core
    }

    /// Whether the observation ended.
    @inlinable
    package var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks the node ended; returns `false` if it already was.
    package func markDisposed() -> Bool {
        !disposed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Ends the observation: no event sent after this returns reaches the observer.
    package func dispose() {
        guard markDisposed() else { return }
        core?.remove(self)
    }
}

// @unchecked Sendable: `observer` and `index` are guarded by the owning SubjectCore's lock and
// delivery role (see their comments); `disposed` is atomic; `core` is a weak reference.
extension ObserverNode: @unchecked Sendable {}
