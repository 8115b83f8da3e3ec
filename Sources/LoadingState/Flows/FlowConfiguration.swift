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
    /// Receives every failed save: with ``waitsForSave`` before the fetched value is delivered,
    /// otherwise after it.
    public var onSaveFailure: @Sendable (FlowError) -> Void
    /// The idle timeout in seconds: a request without progress for this long fails
    /// (``FlowError/isTimeout``).
    public var timeout: TimeInterval
    /// The overall deadline of one request in seconds, body included
    /// (``FlowError/deadlineExceeded(seconds:)``); `.infinity` for none.
    public var deadline: TimeInterval
    /// The largest response body accepted, in bytes (``FlowError/responseTooLarge(limit:)``).
    public var maximumResponseSize: Int
    /// Whether a save flushes the file and its folder to the storage device (`fsync`) before it
    /// completes, so that a saved value survives a power loss; slower, off by default.
    public var syncsToDisk: Bool
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
    ///   - onSaveFailure: Receives save failures; the fetched value is delivered anyway.
    ///   - timeout: Idle timeout in seconds; 30 by default.
    ///   - deadline: Overall deadline of a request in seconds; 120 by default.
    ///   - maximumResponseSize: The largest body accepted, in bytes; 32 MiB by default.
    ///   - syncsToDisk: `fsync` the file and its folder on each save; `false` by default.
    ///   - makeDecoder: Makes the response decoder.
    public init(
        persistence: PersistenceConfiguration = .disabled,
        checksReachability: Bool = true,
        reachability: Reachability = .networkInterfaces,
        prunesInvalidElements: Bool = true,
        waitsForSave: Bool = true,
        onSaveFailure: @escaping @Sendable (FlowError) -> Void = { _ in },
        timeout: TimeInterval = 30,
        deadline: TimeInterval = 120,
        maximumResponseSize: Int = URLSessionConnection.defaultMaximumResponseSize,
        syncsToDisk: Bool = false,
        makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) {
        self.persistence = persistence
        self.checksReachability = checksReachability
        self.reachability = reachability
        self.prunesInvalidElements = prunesInvalidElements
        self.waitsForSave = waitsForSave
        self.onSaveFailure = onSaveFailure
        self.timeout = timeout
        self.deadline = deadline
        self.maximumResponseSize = maximumResponseSize
        self.syncsToDisk = syncsToDisk
        self.makeDecoder = makeDecoder
    }
}
