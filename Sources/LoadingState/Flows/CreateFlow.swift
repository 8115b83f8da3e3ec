public import Foundation
import StreamCore

/// Builds the default flow for one model: reachability check, `URLSession` request, `Decodable`
/// decoding, and (if enabled) a ``DiskStore``.
///
/// ```swift
/// let flow: ResourceFlow<Author> = createFlow(
///     baseURL: URL(string: "https://api.example.com/")!,
///     configuration: FlowConfiguration(persistence: .enabled(folder: cachesFolder)))
/// ```
///
/// - Parameters:
///   - baseURL: The API's base URL.
///   - configuration: Persistence, reachability, pruning and save options.
/// - Returns: A flow whose parts you can still replace.
public func createFlow<Value: Codable & Sendable>(
    baseURL: URL, configuration: FlowConfiguration = FlowConfiguration()
) -> ResourceFlow<Value> {
    createFlow(
        connection: URLSessionConnection(configuration: configuration, baseURL: baseURL),
        configuration: configuration)
}

/// Builds the default flow for one model on your own ``Connection``.
///
/// - Parameters:
///   - connection: Sends requests (the URL's host is what reachability checks).
///   - configuration: Persistence, reachability, pruning and save options.
/// - Returns: A flow whose parts you can still replace.
public func createFlow<Value: Codable & Sendable>(
    connection: any Connection, configuration: FlowConfiguration = FlowConfiguration()
) -> ResourceFlow<Value> {
    let decoder = ModelDecoder(mode: .strict, makeDecoder: configuration.makeDecoder)
    return makeFlow(
        connection: connection, configuration: configuration,
        decode: { data throws(FlowError) in try decoder.decode(Value.self, from: data) },
        stored: { $0 }, restored: { $0 })
}

/// Builds the default flow for a JSON array of models, strict or pruning as configured.
///
/// ```swift
/// let flow: ResourceFlow<DecodedArray<Author>> = createFlow(baseURL: api, configuration: configuration)
/// flow.fetchFromNetwork(Resource(path: "authors")).observeNext { result in
///     print(result.elements, "dropped:", result.droppedCount)
/// }
/// ```
///
/// - Parameters:
///   - baseURL: The API's base URL.
///   - configuration: Persistence, reachability, pruning and save options.
/// - Returns: A flow of decoded arrays.
public func createFlow<Element: Codable & Sendable>(
    baseURL: URL, configuration: FlowConfiguration = FlowConfiguration()
) -> ResourceFlow<DecodedArray<Element>> {
    createFlow(
        connection: URLSessionConnection(configuration: configuration, baseURL: baseURL),
        configuration: configuration)
}

/// Builds the default flow for a JSON array of models on your own ``Connection``.
///
/// - Parameters:
///   - connection: Sends requests.
///   - configuration: Persistence, reachability, pruning and save options.
/// - Returns: A flow of decoded arrays.
public func createFlow<Element: Codable & Sendable>(
    connection: any Connection, configuration: FlowConfiguration = FlowConfiguration()
) -> ResourceFlow<DecodedArray<Element>> {
    let decoder = ModelDecoder(
        mode: configuration.prunesInvalidElements ? .prune : .strict, makeDecoder: configuration.makeDecoder)
    return makeFlow(
        connection: connection, configuration: configuration,
        decode: { data throws(FlowError) in try decoder.decodeArray(Element.self, from: data) },
        stored: { $0.elements }, restored: { DecodedArray($0) })
}

/// Assembles the three parts of a default flow.
///
/// `Stored` is what goes to disk: the value itself, or a plain array for ``DecodedArray``.
func makeFlow<Value: Sendable, Stored: Codable & Sendable>(
    connection: any Connection,
    configuration: FlowConfiguration,
    decode: @escaping @Sendable (Data) throws(FlowError) -> Value,
    stored: @escaping @Sendable (Value) -> Stored,
    restored: @escaping @Sendable (Stored) -> Value
) -> ResourceFlow<Value> {
    let reachability = configuration.checksReachability ? configuration.reachability : nil
    let network: @Sendable (Resource) -> Signal<Value, FlowError> = { resource in
        let request = reachabilityGate(reachability, connection: connection, resource: resource)
            .flatMapLatest { _ in connection.data(for: resource) }
        return request.tryMap(decode)
    }
    switch configuration.persistence {
    case .disabled:
        return ResourceFlow(
            network: network,
            loadFromPersistence: { .failed(.persistenceDisabled) },
            saveToPersistence: { value in
                Signal { observer in
                    observer.receive(lastElement: value)
                    return NonDisposable.instance
                }
            },
            waitsForSave: configuration.waitsForSave,
            onSaveFailure: configuration.onSaveFailure)
    case .enabled(let folder, let fileName, let maxAge):
        let name = fileName ?? defaultStoreFileName(for: Value.self)
        let store = DiskStore<Stored>(
            folder: folder, fileName: name, maxAge: maxAge, syncsToDisk: configuration.syncsToDisk)
        return ResourceFlow(
            network: network,
            loadFromPersistence: { store.load().map(restored) },
            saveToPersistence: { value in store.save(stored(value)).map { _ in value } },
            waitsForSave: configuration.waitsForSave,
            onSaveFailure: configuration.onSaveFailure)
    }
}

/// A signal that sends once when the resource's host is reachable (or no check is configured)
/// and fails with ``FlowError/notReachable(host:)`` otherwise. The check runs on observation.
func reachabilityGate(
    _ reachability: Reachability?, connection: any Connection, resource: Resource
) -> Signal<Void, FlowError> {
    Signal { observer in
        if let reachability {
            let url = (try? resource.url(baseURL: connection.baseURL)) ?? connection.baseURL
            guard reachability.isReachable(url) else {
                observer.on(.failed(.notReachable(host: url.host ?? url.absoluteString)))
                return NonDisposable.instance
            }
        }
        observer.receive(lastElement: ())
        return NonDisposable.instance
    }
}

extension URLSessionConnection {
    /// A connection with a flow configuration's timeout, deadline and size limit.
    convenience init(configuration: FlowConfiguration, baseURL: URL) {
        self.init(
            baseURL: baseURL, timeout: configuration.timeout, deadline: configuration.deadline,
            maximumResponseSize: configuration.maximumResponseSize)
    }
}
