public import StreamCore

/// A data-model flow with three replaceable parts — network, load from persistence, save to
/// persistence — and the fetches built from them (MOReactor's `ReactorFlow`).
///
/// ```swift
/// let flow: ResourceFlow<Author> = createFlow(baseURL: api, configuration: FlowConfiguration(
///     persistence: .enabled(folder: cachesFolder)))
/// flow.fetch(Resource(path: "authors/1")).observeNext { show($0) }   // disk first, else network
/// ```
///
/// Each part is a `var`, so you can wrap one — for example log why the disk read failed:
///
/// ```swift
/// var flow = defaultFlow
/// let load = flow.loadFromPersistence
/// flow.loadFromPersistence = { load().recordFailures(to: log) }
/// ```
///
/// Invariants, as in MOReactor: ``fetch(_:)`` always asks persistence first and only goes to the
/// network when persistence fails; ``fetchFromNetwork(_:)`` always asks the network first and
/// follows a success with the save.
public struct ResourceFlow<Value: Sendable>: Sendable {
    /// Fetches the resource from the network, decoded.
    public var network: @Sendable (Resource) -> Signal<Value, FlowError>
    /// Loads the stored value; fails when nothing valid is stored (or persistence is off).
    public var loadFromPersistence: @Sendable () -> Signal<Value, FlowError>
    /// Stores a value and sends it back.
    public var saveToPersistence: @Sendable (Value) -> Signal<Value, FlowError>
    /// Whether the flow waits for the save to finish before it sends the fresh value. When
    /// `false`, the fresh value is sent at once and saved afterwards.
    ///
    /// Either way a failed save never fails the fetch: the network succeeded, so its value is
    /// delivered, and the save's error goes to ``onSaveFailure`` (before the value when waiting,
    /// after it otherwise). An unwritable cache folder costs the cache, not the data.
    public var waitsForSave: Bool
    /// Called with the error of every failed save; the fetched value is delivered anyway.
    public var onSaveFailure: @Sendable (FlowError) -> Void

    /// Creates a flow from its parts.
    ///
    /// - Parameters:
    ///   - network: Fetches and decodes a resource.
    ///   - loadFromPersistence: Loads the stored value.
    ///   - saveToPersistence: Stores a value and sends it back.
    ///   - waitsForSave: Whether a fetch waits for the save before sending the value; `true` by
    ///     default.
    ///   - onSaveFailure: Receives save failures (the value is delivered anyway).
    public init(
        network: @escaping @Sendable (Resource) -> Signal<Value, FlowError>,
        loadFromPersistence: @escaping @Sendable () -> Signal<Value, FlowError>,
        saveToPersistence: @escaping @Sendable (Value) -> Signal<Value, FlowError>,
        waitsForSave: Bool = true,
        onSaveFailure: @escaping @Sendable (FlowError) -> Void = { _ in }
    ) {
        self.network = network
        self.loadFromPersistence = loadFromPersistence
        self.saveToPersistence = saveToPersistence
        self.waitsForSave = waitsForSave
        self.onSaveFailure = onSaveFailure
    }

    /// Persistence first; when it fails or holds nothing valid, the network, then the save.
    ///
    /// - Parameter resource: What to fetch from the network if persistence has nothing.
    /// - Returns: A cold signal: the value, then completion; or the network's error (a failed
    ///   save goes to ``onSaveFailure``).
    public func fetch(_ resource: Resource) -> Signal<Value, FlowError> {
        let flow = self
        return loadFromPersistence().flatMapError { _ in flow.fetchFromNetwork(resource) }
    }

    /// The network, then the save.
    ///
    /// - Parameter resource: What to fetch.
    /// - Returns: A cold signal: the fresh value, then completion; or the network's error (a
    ///   failed save goes to ``onSaveFailure``). Disposing the observation cancels the request.
    public func fetchFromNetwork(_ resource: Resource) -> Signal<Value, FlowError> {
        let flow = self
        return network(resource).flatMapLatest { value in flow.save(value) }
    }

    /// Saves, waiting or not according to ``waitsForSave``; a failed save is reported to
    /// ``onSaveFailure`` and the network's value is delivered anyway.
    func save(_ value: Value) -> Signal<Value, FlowError> {
        let (persist, report) = (saveToPersistence, onSaveFailure)
        guard waitsForSave else {
            return Signal { observer in
                // Deliver first, then save: the fetch does not wait for the disk.
                observer.receive(lastElement: value)
                _ = persist(value).observeFailed { report($0) }
                return NonDisposable.instance
            }
        }
        return persist(value).flatMapError { error in
            report(error)
            return Signal<Value, FlowError>(just: value)
        }
    }
}
