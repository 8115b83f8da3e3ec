import FeedbackLoop
import Foundation
import Hummingbird
import Logging
import NIOCore
import ReactiveToolkitInspector
public import ReactiveToolkitInspectorCore
import ReactiveToolkitLogging
public import ReactiveToolkitPostgres
import ReactiveToolkitMetrics
import ReactiveToolkitServiceLifecycle
import ServiceLifecycle
import StoreKitLite
import StreamCore
import UnixSignals

/// How an orders service runs.
public struct OrdersServerConfiguration: Sendable {
    /// The port to bind on 127.0.0.1; 0 binds any free port.
    public var port = 8080
    /// The catalog endpoint's port on 127.0.0.1; 0 binds any free port.
    public var catalogPort = 0
    /// Where the catalog is kept on disk.
    public var dataDirectory: URL
    /// How long a payment takes.
    public var paymentDelay: Duration = .milliseconds(50)
    /// The `GET /events` heartbeat.
    public var heartbeat: Duration = .seconds(5)
    /// How long a graceful shutdown waits for payments in flight.
    public var shutdownDeadline: Duration = .seconds(10)
    /// The largest `POST /actions` body.
    public var maximumBodySize = 16 * 1_024
    /// How long a connection may stay without a complete request head — after it opens, and
    /// after each response — before the server closes it: the idle timeout and the request-head
    /// timeout in one (a client trickling a request head byte by byte is closed at this point
    /// too, since only a complete head counts). Event streams are responses in progress and are
    /// not affected.
    public var idleTimeout: Duration = .seconds(30)
    /// The most connections the HTTP server keeps open at once; further clients wait in the
    /// listen backlog until one closes. Keep it below the process's file descriptor limit.
    public var maximumConnections = 1_000
    /// Where the store is shared with other instances (nil: an in-memory store of this instance
    /// alone, the default).
    public var postgres: PostgresSettings?
    /// The shared journal's options other than its name (its deadlines, poll interval, bounds).
    public var journalOptions = PostgresJournalOptions(name: "orders")
    /// Whether this instance runs the side-effecting feedbacks (the payments), nil for the
    /// default: `.on` in memory, `.leased` in PostgreSQL mode (see ``EffectsMode`` and
    /// ``effectsMode``).
    public var effects: EffectsMode?
    /// How long the effects lease lasts without a renewal (PostgreSQL mode, `.leased`): another
    /// instance takes over from a holder that died within about this time (plus a third of it).
    public var leaseDuration: Duration = .seconds(10)
    /// Where the payments are charged, by idempotency key (nil: a fake gateway of this instance).
    public var paymentGateway: PaymentGateway?
    /// The catalog the catalog endpoint serves.
    public var catalog = Catalog(products: [
        Product(id: "tea", name: "Tea", priceCents: 350),
        Product(id: "coffee", name: "Coffee", priceCents: 420),
        Product(id: "cake", name: "Cake", priceCents: 600),
        Product(id: "piano", name: "Piano", priceCents: 1_250_000),
    ])
    /// The store inspector's port on 127.0.0.1 (0: any free port), or nil for none (the
    /// default). With it, the in-memory store (not a shared one) is created for development: the inspector's page
    /// can make it show an earlier state, skip actions and dispatch (see the README).
    public var inspectorPort: Int?
    /// The inspector's access token (nil: a random one, printed at start).
    public var inspectorToken: String?
    /// The most actions the inspector keeps (nil: its default, 10,000).
    public var inspectorHistory: Int?
    /// The most bytes the inspector's kept actions take, as it counts them (nil: its default).
    public var inspectorBytes: Int?
    /// A test hook: this many refused actions (`submit(product: "seed-N", quantity: 0)`) are
    /// dispatched when the service is created, to fill the inspector's history (0: none).
    public var inspectorSeed = 0
    /// Post-mortem mode (`--inspect-log`): no service runs; the shared store's log is read from
    /// here and served by the store inspector (``PostMortem``). Nil: the service runs.
    public var inspectLog: LogStart?
    /// The service's logger (the store logs actions at debug level, so nothing is formatted
    /// unless this logger's level is debug or lower).
    public var logger = Logger(label: "orders-service")

    /// The effects setting in force: ``effects``, or its default (`.on` in memory, `.leased` in
    /// PostgreSQL mode); `.leased` in memory is `.on`.
    public var effectsMode: EffectsMode {
        guard postgres != nil else { return effects == .off ? .off : .on }
        return effects ?? .leased
    }

    /// Creates a configuration.
    ///
    /// - Parameter dataDirectory: Where the catalog is kept on disk.
    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }
}

/// An orders service: the store with its middleware, catalog substate and feedbacks, the HTTP
/// routes, the catalog endpoint, and the lifecycle service that shuts the store down.
public struct OrdersServer: Sendable {
    /// The store.
    public let store: Store<OrdersState, OrdersAction>
    /// The configuration.
    public let configuration: OrdersServerConfiguration
    /// The shared store's journal (PostgreSQL mode), or nil.
    public let journal: PostgresJournal<OrdersState, OrdersAction>?
    let events: EventStreams
    /// Where this instance's payments are charged.
    public let paymentGateway: PaymentGateway
    let catalogAddress = AddressPromise()
    let address = AddressPromise()
    /// The store inspector (``OrdersServerConfiguration/inspectorPort``), or nil.
    public let inspector: StoreInspector<OrdersState, OrdersAction>?
    private let logging: LoggingMiddleware<OrdersState, OrdersAction>
    private let metrics: StoreMetrics<OrdersState, OrdersAction>

    /// Creates the service's parts (nothing runs until ``run(signals:onShutdown:)``). With
    /// ``OrdersServerConfiguration/postgres`` set, it connects to the server and restores the
    /// shared store (its latest snapshot and the log after it) first.
    ///
    /// - Throws: The `PostgresJournalError` that stopped the restore (the server unreachable
    ///   within the journal's connect timeout, say); nothing in memory mode.
    public init(configuration: OrdersServerConfiguration) async throws {
        self.configuration = configuration
        paymentGateway = configuration.paymentGateway ?? PaymentGateway()
        // snippet: ServiceStore
        logging = LoggingMiddleware(logger: configuration.logger, level: .debug, failureLevel: .info)
        metrics = StoreMetrics(label: "orders")
        // The inspector records the in-memory store (a shared store's history is its journal).
        let inspected = configuration.inspectorPort != nil && configuration.postgres == nil
        var inspectorOptions = InspectorOptions()
        if let history = configuration.inspectorHistory { inspectorOptions.maximumActions = max(1, history) }
        if let bytes = configuration.inspectorBytes { inspectorOptions.maximumRecordedBytes = max(1, bytes) }
        let inspector = inspected ? StoreInspector<OrdersState, OrdersAction>(options: inspectorOptions, development: true) : nil
        self.inspector = inspector
        if let postgres = configuration.postgres {
            var options = configuration.journalOptions
            options.name = postgres.journalName
            if configuration.effectsMode == .leased {
                options.effectsLease = EffectsLeaseOptions(duration: configuration.leaseDuration)
            }
            let journal = try PostgresJournal<OrdersState, OrdersAction>(
                configuration: postgres.connectionConfiguration, options: options, logger: configuration.logger)
            self.journal = journal
            store = try await Store(
                initialState: OrdersState(),
                reducer: serviceReducer,
                journal: journal,
                middleware: [metrics.middleware, normalizeProducts],
                observers: [logging, metrics]
            )
        } else if let inspector {
            journal = nil
            store = Store(
                initialState: OrdersState(),
                reducer: serviceReducer,
                middleware: [metrics.middleware, normalizeProducts],
                middlewareNames: ["metrics", "normalizeProducts"],
                observers: [logging, metrics],
                inspector: inspector
            )
        } else {
            journal = nil
            store = Store(
                initialState: OrdersState(),
                reducer: serviceReducer,
                middleware: [metrics.middleware, normalizeProducts],
                observers: [logging, metrics]
            )
        }
        metrics.observeEffects(of: store).dispose(in: metrics.disposeBag)
        // end
        // Refused at once (a quantity of 0): the state does not change, the log fills.
        for index in 0..<max(0, configuration.inspectorSeed) {
            store.dispatch(.submit(product: "seed-\(index + 1)", quantity: 0))
        }
        events = EventStreams(store: store, heartbeat: configuration.heartbeat)
    }

    /// The feedbacks with side effects outside the service (the payments): attached for as long
    /// as the service runs with effects `.on`, while this instance holds the effects lease with
    /// `.leased`, never with `.off`.
    public func sideEffectFeedbacks() -> [Feedback<OrdersState, OrdersAction>] {
        [paymentFeedback(delay: configuration.paymentDelay, gateway: paymentGateway)]
    }

    /// Starts the store inspector's server on 127.0.0.1, if the configuration asks for one.
    ///
    /// - Returns: The running server (its ``InspectorServer/url`` has the token), or nil.
    /// - Throws: The error that stopped binding.
    public func startInspector() async throws -> InspectorServer? {
        guard let inspector, let port = configuration.inspectorPort else { return nil }
        return try await InspectorServer.start(
            inspector, configuration: InspectorServer.Configuration(port: port, token: configuration.inspectorToken),
            announce: false)
    }

    /// What the service prints at start: its limits, its store, its effects.
    public var startupDescription: String {
        let store = configuration.postgres.map { "shared through \($0.redactedDescription)" } ?? "in memory"
        return "idle and request-head timeout \(configuration.idleTimeout), at most "
            + "\(configuration.maximumConnections) connections, store \(store), effects \(effectsDescription)"
    }

    var effectsDescription: String {
        let mode = configuration.effectsMode
        return mode == .leased ? "leased (lease \(configuration.leaseDuration))" : mode.rawValue
    }

    /// The address the HTTP server is bound to, once it is (`http://127.0.0.1:PORT`).
    public func boundAddress() async -> URL {
        await address.value
    }

    /// Runs the service until a graceful shutdown (SIGTERM or SIGINT, or `trigger`).
    ///
    /// Shutdown order (the service group stops services in reverse): the HTTP server stops
    /// accepting connections and finishes its requests (event streams end), then the store
    /// stops accepting actions and lets its payments finish within the deadline, cancelling the
    /// rest, then closes the shared journal (PostgreSQL mode), then the catalog endpoint stops.
    ///
    /// - Parameters:
    ///   - signals: The signals that start a graceful shutdown.
    ///   - onShutdown: Receives the store's shutdown report.
    public func run(
        signals: [UnixSignal] = [.sigterm, .sigint],
        onShutdown: @escaping @Sendable (StoreShutdownReport) -> Void = { _ in }
    ) async throws {
        let group = makeServiceGroup(signals: signals, onShutdown: onShutdown)
        try await group.run()
    }

    /// The service group (exposed for tests, which trigger its shutdown).
    public func makeServiceGroup(
        signals: [UnixSignal] = [],
        onShutdown: @escaping @Sendable (StoreShutdownReport) -> Void = { _ in }
    ) -> ServiceGroup {
        let logger = configuration.logger
        let quiet = { var quiet = logger; quiet.logLevel = max(logger.logLevel, .warning); return quiet }()
        let catalogAddress = self.catalogAddress
        let catalogServer = Application(
            router: catalogRouter(catalog: configuration.catalog),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: configuration.catalogPort)),
            onServerRunning: { channel in catalogAddress.fulfil(port: channel.localAddress?.port ?? 0) },
            logger: quiet
        )
        let catalog = catalogFeedback(endpoint: { await catalogAddress.value }, folder: configuration.dataDirectory)
        let journal = self.journal
        // With `.leased`, the payments run while this instance holds the journal's effects lease
        // (the catalog feedback, which only reads the catalog, runs on every instance: its own
        // service, shut down after the store's).
        let lease = configuration.effectsMode == .leased ? journal?.lease : nil
        let effects = configuration.effectsMode == .off ? [] : sideEffectFeedbacks()
        let catalogService = lease == nil ? nil : AttachedFeedbacksService(store: store, feedbacks: [catalog])
        // snippet: ServiceLifecycle
        let storeService = StoreService(
            store: store,
            feedbacks: (lease == nil ? [catalog] : []) + effects,
            shutdownDeadline: configuration.shutdownDeadline,
            logger: logger,
            onShutdown: onShutdown,
            closing: { await journal?.close() },  // last: after the HTTP server and the store
            lease: lease  // PostgreSQL mode: the payments run on the lease holder only
        )
        // end
        let address = self.address
        let server = Application(
            router: router(),
            // One ClientCloseWatcher per connection: an event stream learns at once that its
            // client closed the connection.
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ClientCloseWatcher()],
                    idleTimeout: TimeAmount(configuration.idleTimeout)
                )),
            configuration: ApplicationConfiguration(
                address: .hostname("127.0.0.1", port: configuration.port),
                availableConnectionsDelegate: .maximum(configuration.maximumConnections, logger: quiet)
            ),
            onServerRunning: { channel in address.fulfil(port: channel.localAddress?.port ?? 0) },
            logger: quiet
        )
        return ServiceGroup(
            services: [catalogServer] + (catalogService.map { [$0] } ?? []) + [storeService, server] as [any Service],
            gracefulShutdownSignals: signals,
            logger: quiet
        )
    }
}

/// An address known once a server is bound: awaited by whoever needs it.
final class AddressPromise: @unchecked Sendable {
    // @unchecked Sendable: `url` and `waiters` are only touched with `lock` held (NSLock);
    // continuations are resumed after unlocking.
    private let lock = NSLock()
    private var url: URL?
    private var waiters: [CheckedContinuation<URL, Never>] = []

    /// Resolves the promise with `http://127.0.0.1:port` (later calls do nothing).
    func fulfil(port: Int) {
        guard let resolved = URL(string: "http://127.0.0.1:\(port)") else { return }
        lock.lock()
        guard url == nil else {
            lock.unlock()
            return
        }
        url = resolved
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume(returning: resolved) }
    }

    /// The address, once known.
    var value: URL {
        get async {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let url {
                    lock.unlock()
                    continuation.resume(returning: url)
                } else {
                    waiters.append(continuation)
                    lock.unlock()
                }
            }
        }
    }
}

/// Feedbacks attached for as long as the service runs (until a graceful shutdown or
/// cancellation), without a lease: the catalog feedback beside a ``StoreService`` whose
/// feedbacks are leased. Listed before the store's service, so that it stops after it.
struct AttachedFeedbacksService<State: Sendable, Action: Sendable>: Service {
    let store: Store<State, Action>
    let feedbacks: [Feedback<State, Action>]

    func run() async throws {
        let attached = feedbacks.map { store.attach(effect: $0.effects, named: $0.name) }
        try? await gracefulShutdown()
        for attachment in attached { attachment.dispose() }
    }
}
