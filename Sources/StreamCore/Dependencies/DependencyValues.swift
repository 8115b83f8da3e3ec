/// The dependencies in force: clocks, schedulers, UUID and date generators, API clients… one
/// computed property per ``DependencyKey``, read by reducers, effects, feedbacks and middleware
/// (TCA's `DependencyValues`).
///
/// Read a dependency with ``Dependency`` (`@Dependency(\.uuid) var uuid`) or
/// ``current``; override some for a scope with ``withDependencies(_:operation:)-(_,()->R)``:
///
/// ```swift
/// let reducer = Reducer<[Todo], TodoAction>(mutating: { todos, action in
///     @Dependency(\.uuid) var uuid
///     @Dependency(\.date) var date
///     if case .add(let title) = action {
///         todos.append(Todo(id: uuid(), title: title, created: date.now))
///     }
/// })
///
/// withDependencies {
///     $0.uuid = .incrementing
///     $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///     store.dispatch(.add("Milk"))     // the reducer reads the overrides, on any thread
/// }
/// ```
///
/// Add a dependency with a key and a property:
///
/// ```swift
/// private enum RequestIDKey: DependencyKey {
///     static let liveValue = "none"
///     static let testValue = "test-request"
/// }
///
/// extension DependencyValues {
///     var requestID: String {
///         get { self[RequestIDKey.self] }
///         set { self[RequestIDKey.self] = newValue }
///     }
/// }
/// ```
///
/// A value not overridden is the key's value for the ``context``: ``DependencyKey/liveValue``,
/// ``TestDependencyKey/previewValue`` or ``TestDependencyKey/testValue``, computed once per
/// cache and kept.
///
/// **Where the values flow.** The values are task-local: they flow into child tasks and
/// `Task {}`. A `Store` captures those in force when it is created and when an action is sent,
/// and re-establishes them around the action's middleware, reducer, observers and effects,
/// whatever thread runs them; an effect's actions carry the values its action had; a feedback
/// loop runs with the values in force where it is started. Work that hops to a `DispatchQueue`
/// or a ``Scheduler`` by hand does not see them: read the dependency first, or carry them with
/// ``withEscapedDependencies(_:)``.
///
/// The type is `Sendable`, and so is every value it holds.
public struct DependencyValues: Sendable {
    /// The values set explicitly, by key.
    var overrides: [ObjectIdentifier: any Sendable] = [:]
    /// The context set explicitly, if any (else the process's).
    var explicitContext: DependencyContext?
    /// Where the defaults are computed once and kept.
    var cache: DependencyCache
    /// Who records an issue (a test harness); ``DependencyDiagnostics/report`` when `nil`.
    var handler: (@Sendable (DependencyIssue) -> Void)?
    /// What was set since these values were read from the scope in force (keys, and the context
    /// and handler markers): what a merge takes from them.
    var changed: Set<ObjectIdentifier> = []
    /// The scope these values were read from (their lineage), if any.
    var origin: DependencyScope?
    /// The `@Dependency` property reading, for an issue's message.
    var readSite: DependencyIssue.Location?
    /// Whether a `withDependencies` update closure holds these values: a read there (say
    /// `$0.date.now = …`, which reads `date` to change it) reports no issue.
    var isBeingSet = false

    init(cache: DependencyCache) {
        self.cache = cache
    }

    /// The values of a process with nothing overridden: its context, and the shared cache.
    package static let root = DependencyValues(cache: DependencyCache())

    /// The values in force on this task or thread.
    ///
    /// ```swift
    /// let now = DependencyValues.current.date.now
    /// ```
    ///
    /// Inside a `Store`'s reducer, middleware or effects, the values the action was sent with;
    /// inside ``withDependencies(_:operation:)-(_,()->R)``, those it set; else the process's.
    public static var current: DependencyValues {
        DependencyScope.captured?.currentValues ?? root
    }

    /// Which value a key not overridden gives: live, preview or test.
    ///
    /// ```swift
    /// withDependencies { $0.context = .preview } operation: { renderPreview() }
    /// ```
    ///
    /// The process's (``DependencyContext``) unless set; a `TestStore` or `TestLoop` sets
    /// `.test`.
    public var context: DependencyContext {
        get { explicitContext ?? .process }
        set {
            explicitContext = newValue
            changed.insert(Self.contextMarker)
        }
    }

    /// The dependency of a key: the value set for it, or else the key's value for ``context``.
    ///
    /// ```swift
    /// extension DependencyValues {
    ///     var apiClient: APIClient {
    ///         get { self[APIClient.self] }
    ///         set { self[APIClient.self] = newValue }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - function: The property reading it (the caller's `#function`), which an issue names.
    public subscript<Key: TestDependencyKey>(key: Key.Type, function function: StaticString = #function) -> Key.Value {
        get {
            if let stored = overrides[ObjectIdentifier(key)], let value = stored as? Key.Value {
                return value
            }
            return cache.value(for: key, context: context, read: DependencyRead(values: self, function: function))
        }
        set {
            overrides[ObjectIdentifier(key)] = newValue
            changed.insert(ObjectIdentifier(key))
        }
    }

    /// The harness that records issues of reads under these values (a test store's).
    package var issueHandler: (@Sendable (DependencyIssue) -> Void)? {
        get { handler }
        set {
            handler = newValue
            changed.insert(Self.handlerMarker)
        }
    }

    /// Applies a `withDependencies`-style update: reads inside it report no issue.
    ///
    /// - Parameter update: Changes the values.
    package mutating func update(with update: (inout DependencyValues) throws -> Void) rethrows {
        isBeingSet = true
        defer { isBeingSet = false }
        try update(&self)
    }

    /// Applies an `async` update (see ``update(with:)``).
    mutating func update(isolation: isolated (any Actor)? = #isolation, with update: (inout DependencyValues) async throws -> Void) async rethrows {
        isBeingSet = true
        defer { isBeingSet = false }
        try await update(&self)
    }

    /// Values for a test harness: those in force, in the test context, with a cache of their own
    /// (so that each harness computes and keeps its own test values) and the harness's handler.
    ///
    /// - Parameter issueHandler: Records each issue of a read under the values.
    /// - Returns: The values; install them with ``DependencyScope``.
    package static func forTesting(issueHandler: @escaping @Sendable (DependencyIssue) -> Void) -> DependencyValues {
        var values = current
        values.context = .test
        values.cache = DependencyCache()
        values.issueHandler = issueHandler
        return values
    }

    private enum ContextMarker {}
    private enum HandlerMarker {}
    /// Marks a change of ``context`` in ``changed``.
    static let contextMarker = ObjectIdentifier(ContextMarker.self)
    /// Marks a change of ``issueHandler`` in ``changed``.
    static let handlerMarker = ObjectIdentifier(HandlerMarker.self)
}

/// What a read that misses the overrides tells the cache: for an issue's message and handler.
struct DependencyRead {
    let handler: (@Sendable (DependencyIssue) -> Void)?
    let function: StaticString
    let site: DependencyIssue.Location?

    /// A read inside a `withDependencies` update closure: its issue is neither reported nor kept.
    let isSilent: Bool

    init(values: DependencyValues, function: StaticString) {
        handler = values.handler
        isSilent = values.isBeingSet
        self.function = function
        site = values.readSite
    }

    /// The property read, or `nil` when the key was read by type (`function` is then the
    /// calling function, such as `body(_:)` or `subscript(_:)`).
    var name: String? {
        let name = "\(function)"
        return name.contains("(") || name.isEmpty ? nil : name
    }

    /// Hands an issue to the harness, or to ``DependencyDiagnostics/report``.
    func report<Key>(_ kind: DependencyIssue.Kind, key: Key.Type) {
        let issue = DependencyIssue(kind: kind, key: String(describing: key), name: name, location: site)
        (handler ?? DependencyDiagnostics.report)(issue)
    }
}
