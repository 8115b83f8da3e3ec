public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
public import ReactiveToolkitInspectorCore
import Synchronization

/// Serves an inspector's page and API over HTTP: open the printed address in a browser to see
/// the action log, the states and diffs, the charts, and (for a development store) to travel in
/// time.
///
/// ```swift
/// let inspector = StoreInspector<AppState, AppAction>(development: true)
/// let store = Store(initialState: AppState(), reducer: app, inspector: inspector)
/// let server = try await InspectorServer.start(inspector)
/// // store inspector: http://127.0.0.1:49152/?token=3f9c…   (printed to standard error)
/// ```
///
/// Safe by default: it binds 127.0.0.1; every request needs the access token (generated at
/// start unless given); requests from another origin, or naming another host, are refused
/// (403); bodies are bounded (413) and requests must arrive within a deadline; nothing is
/// encoded until the page asks. A slow or stuck browser never slows the store: the page reads the
/// history when it wants, and a connection that does not read its answers is closed.
public final class InspectorServer: Sendable {
    /// How the server runs.
    public struct Configuration: Sendable {
        /// The address to bind: `127.0.0.1` by default. Binding another address exposes the
        /// store to the network (the token is still required).
        public var host: String
        /// The port; 0 (the default) binds any free port.
        public var port: Int
        /// The access token; a random one when `nil`.
        public var token: String?
        /// The largest request body (an imported session is one): 16 MiB by default.
        public var maximumBodyBytes: Int
        /// How long a connection may take to send a whole request (and may stay idle between
        /// requests): 10 seconds by default.
        public var requestTimeout: Duration
        /// The longest a status request waits for news (long polling): 20 seconds by default.
        public var maximumWait: Duration
        /// The most connections open at once; more are closed at once. 32 by default.
        public var maximumConnections: Int

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - host: The address to bind.
        ///   - port: The port (0: any free one).
        ///   - token: The access token (`nil`: random).
        ///   - maximumBodyBytes: The largest request body.
        ///   - requestTimeout: The deadline for a whole request.
        ///   - maximumWait: The longest long-polling wait.
        ///   - maximumConnections: The most connections at once.
        public init(
            host: String = "127.0.0.1", port: Int = 0, token: String? = nil, maximumBodyBytes: Int = 16 << 20,
            requestTimeout: Duration = .seconds(10), maximumWait: Duration = .seconds(20), maximumConnections: Int = 32
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.maximumBodyBytes = maximumBodyBytes
            self.requestTimeout = requestTimeout
            self.maximumWait = maximumWait
            self.maximumConnections = maximumConnections
        }
    }

    /// The access token every request must carry (`?token=`, `Authorization: Bearer`, or
    /// `X-Inspector-Token`).
    public let token: String
    /// The address of the page, with the token: open it in a browser.
    public let url: URL
    /// The port the server is bound to.
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let router: InspectorRouter

    private init(
        token: String, url: URL, port: Int, group: MultiThreadedEventLoopGroup, channel: any Channel, router: InspectorRouter
    ) {
        self.router = router
        self.token = token
        self.url = url
        self.port = port
        self.group = group
        self.channel = channel
    }

    /// Starts serving an inspector (a live one, or an imported session).
    ///
    /// - Parameters:
    ///   - source: What to serve.
    ///   - configuration: Where and how.
    ///   - announce: Whether to print the page's address to standard error (`true` by default).
    /// - Returns: The running server; call ``stop()`` to end it.
    /// - Throws: The error that stopped binding (the port taken, say).
    public static func start(
        _ source: any InspectorSource, configuration: Configuration = Configuration(), announce: Bool = true
    ) async throws -> InspectorServer {
        let token = configuration.token ?? randomToken()
        let router = InspectorRouter(
            live: source, token: token, host: configuration.host, maximumWait: configuration.maximumWait,
            maximumImportBytes: configuration.maximumBodyBytes)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = Atomic<Int>(0)
        let maximumConnections = configuration.maximumConnections
        let timeout = TimeAmount.nanoseconds(
            Int64(configuration.requestTimeout.components.seconds) * 1_000_000_000
                + configuration.requestTimeout.components.attoseconds / 1_000_000_000)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                guard connections.add(1, ordering: .relaxed).newValue <= maximumConnections else {
                    connections.subtract(1, ordering: .relaxed)
                    return channel.close()
                }
                channel.closeFuture.whenComplete { _ in connections.subtract(1, ordering: .relaxed) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        InspectorHTTPHandler(router: router, maximumBodyBytes: configuration.maximumBodyBytes, requestTimeout: timeout))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let port = channel.localAddress?.port ?? configuration.port
        router.port.store(port, ordering: .relaxed)
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        guard let url = URL(string: "http://\(host):\(port)/?token=\(token)") else {
            try? await channel.close()
            try? await group.shutdownGracefully()
            throw InspectorServerError.invalidAddress(configuration.host)
        }
        if announce {
            FileHandle.standardError.write(Data("store inspector: \(url.absoluteString)\n".utf8))
        }
        return InspectorServer(token: token, url: url, port: port, group: group, channel: channel, router: router)
    }

    /// Stops serving: closes the listening socket, ends the long polls, lets the requests being
    /// answered finish (a few seconds at most), and closes every connection.
    public func stop() async {
        router.stopping.store(true, ordering: .relaxed)
        try? await channel.close()
        let deadline = ContinuousClock.now + .seconds(5)
        while router.inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await group.shutdownGracefully()
    }

    /// 32 random bytes as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}

/// Why an inspector server could not start.
public enum InspectorServerError: Error, Sendable, Hashable {
    /// The host does not make a valid address.
    case invalidAddress(String)
}
