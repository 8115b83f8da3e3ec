import Synchronization

/// Live counts of the toolkit's long-lived resources, for finding leaks in debug builds.
///
/// Every observation, subject observer, store, running store effect and feedback loop is
/// counted while it is alive:
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let before = Resources.liveCount(of: .subjectObservers)
/// let observation = subject.observeNext { print($0) }
/// Resources.liveCount(of: .subjectObservers)   // before + 1
/// observation.dispose()
/// Resources.liveCount(of: .subjectObservers)   // before
/// ```
///
/// Counting is on only in debug builds (when StreamCore is compiled with `DEBUG` defined, as
/// `swift build` and `swift test` do by default). In release builds nothing is counted, the
/// counts read 0, and the instrumentation compiles away: no memory, allocation or atomic
/// operation is added anywhere. Check ``isCounting`` before relying on the numbers.
///
/// The counts are process-wide, so tests running in parallel see each other's resources. To
/// check one piece of code, count in a ``ResourceScope`` instead (StreamCoreTesting's
/// `assertNoLeaks` does), which counts only the resources created while it is bound.
///
/// The counters are atomics; counting costs one or two atomic additions when a resource is
/// created and ended, never anything per event.
public enum Resources {
    /// A kind of counted resource.
    public enum Kind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// Observations of signals: handles returned by ``Signal/observe(with:)`` whose
        /// observation has neither been disposed nor terminated. An observation that ends by
        /// itself stops counting when its terminal event is delivered.
        case observations
        /// Observers registered with a subject or a property (``PassthroughSubject``,
        /// ``ReplaySubject``, ``CurrentValueSubject``, ``Property``, shared signals): counted
        /// while the subject still holds the observer's closure.
        case subjectObservers
        /// Running feedback loops (counted by the FeedbackLoop module).
        case loops
        /// Live stores (counted by the StoreKitLite module, from a store's creation to its
        /// deinitialization).
        case stores
        /// Running store effects (counted by the StoreKitLite module, from an effect's start to
        /// its end or cancellation).
        case effects

        /// The case's name, for messages.
        public var description: String { rawValue }
    }

    /// Whether resources are counted: `true` in debug builds of StreamCore, `false` in release
    /// builds, where every count reads 0.
    public static var isCounting: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The number of live resources of a kind in the whole process (0 in release builds).
    ///
    /// - Parameter kind: The kind to count.
    /// - Returns: How many resources of that kind are alive now.
    public static func liveCount(of kind: Kind) -> Int {
        #if DEBUG
        return ResourceCounters.global.load(kind)
        #else
        return 0
        #endif
    }

    /// The number of live resources of each kind in the whole process (all 0 in release builds).
    public static var liveCounts: [Kind: Int] {
        Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, liveCount(of: $0)) })
    }

    /// Starts counting a resource; the count drops when the returned token is ended or when its
    /// last copy goes away, whichever comes first. For the toolkit's modules (stores, effects,
    /// loops); in release builds this does nothing and the token is empty.
    ///
    /// - Parameter kind: The kind of resource starting.
    /// - Returns: The token that ends the count.
    @inlinable
    package static func track(_ kind: Kind) -> ResourceToken {
        #if DEBUG
        return ResourceToken(tracker: ResourceTracker(kind: kind))
        #else
        return ResourceToken()
        #endif
    }
}

/// Counts one resource until ``end()`` is called on any copy, or every copy is gone.
///
/// Empty, and free to copy and to drop, in release builds.
@usableFromInline
package struct ResourceToken: Sendable {
    #if DEBUG
    @usableFromInline
    let tracker: ResourceTracker

    @inlinable
    init(tracker: ResourceTracker) {
        self.tracker = tracker
    }
    #else
    @inlinable
    init() {}
    #endif

    /// Ends the count now (later calls do nothing).
    @inlinable
    package func end() {
        #if DEBUG
        tracker.end()
        #endif
    }
}

#if DEBUG
/// The debug-build object behind a ``ResourceToken``: it counts up in its scope (and the
/// scope's ancestors) and globally when created, and down once, at ``end()`` or `deinit`.
@usableFromInline
package final class ResourceTracker: Sendable {
    let kind: Resources.Kind
    let scope: ResourceScope?
    let ended = Atomic<Bool>(false)

    @usableFromInline
    init(kind: Resources.Kind) {
        self.kind = kind
        scope = ResourceScope.current
        ResourceCounters.global.add(kind, 1)
        var next = scope
        while let counting = next {
            counting.counters.add(kind, 1)
            next = counting.parent
        }
    }

    @usableFromInline
    func end() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        ResourceCounters.global.add(kind, -1)
        var next = scope
        while let counting = next {
            counting.counters.add(kind, -1)
            next = counting.parent
        }
    }

    deinit {
        end()
    }
}
#endif

/// One atomic counter per resource kind.
final class ResourceCounters: Sendable {
    static let global = ResourceCounters()

    let observations = Atomic<Int>(0)
    let subjectObservers = Atomic<Int>(0)
    let loops = Atomic<Int>(0)
    let stores = Atomic<Int>(0)
    let effects = Atomic<Int>(0)

    func add(_ kind: Resources.Kind, _ delta: Int) {
        switch kind {
        case .observations: observations.add(delta, ordering: .relaxed)
        case .subjectObservers: subjectObservers.add(delta, ordering: .relaxed)
        case .loops: loops.add(delta, ordering: .relaxed)
        case .stores: stores.add(delta, ordering: .relaxed)
        case .effects: effects.add(delta, ordering: .relaxed)
        }
    }

    func load(_ kind: Resources.Kind) -> Int {
        switch kind {
        case .observations: observations.load(ordering: .relaxed)
        case .subjectObservers: subjectObservers.load(ordering: .relaxed)
        case .loops: loops.load(ordering: .relaxed)
        case .stores: stores.load(ordering: .relaxed)
        case .effects: effects.load(ordering: .relaxed)
        }
    }
}

/// Counts the resources created while it is bound, by the binding task or thread (and by child
/// tasks, which inherit it), separately from the rest of the process.
///
/// ```swift
/// let scope = ResourceScope()
/// let observation = scope.bind { subject.observeNext { print($0) } }
/// scope.liveCount(of: .subjectObservers)   // 1, whatever other threads are doing
/// observation.dispose()
/// scope.liveCount(of: .subjectObservers)   // 0
/// ```
///
/// The scope is a task-local value: resources created on other threads during the binding
/// (a `DispatchQueue`, a scheduler's thread, a detached task) are not counted in it, and a
/// resource stays attributed to the scope it was created in wherever it ends. Binding a scope
/// inside another counts the inner resources in both. In release builds every count reads 0.
public final class ResourceScope: Sendable {
    let counters = ResourceCounters()
    let parent: ResourceScope?

    @TaskLocal static var current: ResourceScope?

    /// Creates a scope; its counts start at 0. A scope created while another is bound counts
    /// into that one too when bound.
    public init() {
        parent = ResourceScope.current
    }

    /// The number of resources of a kind created while this scope was bound and still alive
    /// (0 in release builds).
    ///
    /// - Parameter kind: The kind to count.
    /// - Returns: How many of them are alive now.
    public func liveCount(of kind: Resources.Kind) -> Int {
        #if DEBUG
        return counters.load(kind)
        #else
        return 0
        #endif
    }

    /// The number of live resources of each kind created while this scope was bound.
    public var liveCounts: [Resources.Kind: Int] {
        Dictionary(uniqueKeysWithValues: Resources.Kind.allCases.map { ($0, liveCount(of: $0)) })
    }

    /// Runs `body` with this scope bound: resources it creates on this thread or in child tasks
    /// are counted in the scope.
    ///
    /// - Parameter body: The code whose resources to count.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func bind<R>(_ body: () throws -> R) rethrows -> R {
        try ResourceScope.$current.withValue(self, operation: body)
    }

    /// Runs asynchronous `body` with this scope bound: resources it creates, and those its child
    /// tasks create, are counted in the scope.
    ///
    /// - Parameters:
    ///   - isolation: The caller's isolation, inherited by `body`.
    ///   - body: The code whose resources to count.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func bind<R>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> R
    ) async rethrows -> R {
        try await ResourceScope.$current.withValue(self, operation: body, isolation: isolation)
    }
}
