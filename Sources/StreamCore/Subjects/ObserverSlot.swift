public import Synchronization

/// The non-generic part of an observer registered with a subject: everything disposal needs.
///
/// Disposal is reached through `any Disposable`, where generic code cannot be specialized; keeping
/// this path free of generic types means disposing never pays for generic metadata lookups.
@usableFromInline
package class ObserverSlot: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `index` is guarded by the owner's lock and delivery role (see
    // SubjectCoreBase); `disposed` is atomic; `owner` is immutable.
    /// Position in the owner's slot array, -1 when not registered.
    @exclusivity(unchecked)
    @usableFromInline
    final var index: Int = -1
    /// Set once, by dispose or by termination; read lock-free before each delivery.
    @usableFromInline
    final let disposed = Atomic<Bool>(false)
    /// The engine this observer belongs to. Strong: the engine's owner breaks the cycle by
    /// closing the engine in its `deinit`, and removal takes the node out of the slots.
    @usableFromInline
    final let owner: SubjectCoreBase

    @usableFromInline
    init(owner: SubjectCoreBase) {
        self.owner = owner
    }

    /// Whether the observation ended.
    @inlinable
    package final var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks the observation ended; returns `false` if it already was.
    @inlinable
    final func markDisposed() -> Bool {
        !disposed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Ends the observation: no event sent after this returns reaches the observer.
    @usableFromInline
    package final func dispose() {
        guard markDisposed() else { return }
        owner.remove(self)
    }

    /// Drops the observer closure. Overridden by the generic node.
    @usableFromInline
    func releaseHandler() {}
}

/// An observer registered with a subject; it is also the observation's disposable.
@usableFromInline
package final class ObserverNode<Element, Error: Swift.Error>: ObserverSlot, @unchecked Sendable {
    // @unchecked Sendable: `handler` is guarded by the owner's lock and delivery role.
    @usableFromInline
    typealias Event = Signal<Element, Error>.Event

    /// What the observer registered: a handler of every event, or of the elements only
    /// (`observeNext`), kept as given so that no wrapping closure is allocated for it.
    @usableFromInline
    enum Handler {
        /// Receives every event.
        case events(@Sendable (Event) -> Void)
        /// Receives the elements; terminal events only end the observation.
        case elements(@Sendable (Element) -> Void)

        /// Hands the event to the observer.
        @inlinable
        func callAsFunction(_ event: Event) {
            switch self {
            case .events(let handler):
                handler(event)
            case .elements(let handler):
                if case .next(let element) = event { handler(element) }
            }
        }
    }

    /// The observer's handler, `nil` once released. Read and written only by the thread
    /// holding the owner's delivery role, or under the owner's lock while nobody holds it.
    #if DEBUG
    @exclusivity(unchecked)
    @usableFromInline
    var handler: Handler? {
        // Every path that lets go of an observer (disposal, termination, close) clears the
        // handler: that is where the observer stops counting in `Resources` (debug only).
        didSet { if handler == nil { resourceToken.end() } }
    }
    /// Counts the observer in ``Resources`` while the subject holds its handler (debug only).
    @usableFromInline
    let resourceToken = Resources.track(.subjectObservers)
    #else
    @exclusivity(unchecked)
    @usableFromInline
    var handler: Handler?
    #endif

    @inlinable
    init(handler: Handler, owner: SubjectCoreBase) {
        self.handler = handler
        super.init(owner: owner)
    }

    /// Delivers an event unless the observation ended. Role holder only.
    @inlinable
    func receive(_ event: Event) {
        if disposed.load(ordering: .acquiring) { return }
        // Switched on in place rather than through `Handler.callAsFunction`: binding the whole
        // optional enum first copies it per delivered event, on the hottest path.
        switch handler {
        case .events(let handler)?:
            handler(event)
        case .elements(let handler)?:
            if case .next(let element) = event { handler(element) }
        case nil:
            break
        }
    }

    @usableFromInline
    override func releaseHandler() {
        handler = nil
    }
}
