public import Foundation

/// The knobs of a default flow made by ``createFlow(baseURL:configuration:)->ResourceFlow<Value>`` (MOReactor's
/// `FlowConfiguration` and `CoreConfiguration` in one value).
///
/// ```swift
/// let configuration = FlowConfiguration(
///     persistence: .enabled(folder: cachesFolder, maxAge: 600),
///     checksReachability: true,
///     prunesInvalidElements: true,
///     waitsForSave: false)
/// ```
public struct FlowConfiguration: Sendable {
    /// Whether and where values are stored.
    public var persistence: PersistenceConfiguration
    /// Whether ``reachability`` runs before each request.
    public var checksReachability: Bool
    /// The reachability check; ``Reachability/networkInterfaces`` by default.
    public var reachability: Reachability
    /// For arrays: drop (and count) bad elements instead of failing the flow.
    public var prunesInvalidElements: Bool
    /// Whether a fetch waits for the save (see ``ResourceFlow/waitsForSave``).
    public var waitsForSave: Bool
    /// Receives save failures when ``waitsForSave`` is `false`.
    public var onSaveFailure: @Sendable (FlowError) -> Void
    /// The request timeout in seconds.
    public var timeout: TimeInterval
    /// Makes the `JSONDecoder` for responses (date or key strategies).
    public var makeDecoder: @Sendable () -> JSONDecoder

    /// Creates a configuration; every parameter has MOReactor's default.
    ///
    /// - Parameters:
    ///   - persistence: Whether and where values are stored; `.disabled` by default.
    ///   - checksReachability: Run the reachability check first; `true` by default.
    ///   - reachability: The check; ``Reachability/networkInterfaces`` by default.
    ///   - prunesInvalidElements: Prune bad array elements; `true` by default.
    ///   - waitsForSave: Wait for the save; `true` by default.
    ///   - onSaveFailure: Receives save failures not waited for.
    ///   - timeout: Request timeout in seconds; 30 by default.
    ///   - makeDecoder: Makes the response decoder.
    public init(
        persistence: PersistenceConfiguration = .disabled,
        checksReachability: Bool = true,
        reachability: Reachability = .networkInterfaces,
        prunesInvalidElements: Bool = true,
        waitsForSave: Bool = true,
        onSaveFailure: @escaping @Sendable (FlowError) -> Void = { _ in },
        timeout: TimeInterval = 30,
        makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) {
        self.persistence = persistence
        self.checksReachability = checksReachability
        self.reachability = reachability
        self.prunesInvalidElements = prunesInvalidElements
        self.waitsForSave = waitsForSave
        self.onSaveFailure = onSaveFailure
        self.timeout = timeout
        self.makeDecoder = makeDecoder
    }
}
