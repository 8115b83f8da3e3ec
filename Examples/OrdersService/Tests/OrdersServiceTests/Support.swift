import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import OrdersService
import ReactiveToolkitPostgres
import ReactiveToolkitServiceLifecycle
import ServiceLifecycle

/// A thread-safe box (NSLock: ThreadSanitizer understands it).
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `lock` held.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    @discardableResult
    func mutate<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// A real orders server on 127.0.0.1 (any free ports), run in this process.
struct RunningServer {
    let server: OrdersServer
    let group: ServiceGroup
    let task: Task<Void, any Error>
    let baseURL: URL
    let reports: Locked<[StoreShutdownReport]>
    let dataDirectory: URL

    static func start(
        paymentDelay: Duration = .milliseconds(20),
        heartbeat: Duration = .seconds(5),
        shutdownDeadline: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(30),
        maximumConnections: Int = 1_000,
        postgres: PostgresSettings? = nil,
        effects: EffectsMode? = nil,
        leaseDuration: Duration = .seconds(10),
        paymentGateway: PaymentGateway? = nil
    ) async throws -> RunningServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("orders-service-tests-\(UUID().uuidString)", isDirectory: true)
        var configuration = OrdersServerConfiguration(dataDirectory: directory)
        configuration.port = 0
        configuration.paymentDelay = paymentDelay
        configuration.heartbeat = heartbeat
        configuration.shutdownDeadline = shutdownDeadline
        configuration.idleTimeout = idleTimeout
        configuration.maximumConnections = maximumConnections
        configuration.postgres = postgres
        configuration.effects = effects
        configuration.leaseDuration = leaseDuration
        configuration.paymentGateway = paymentGateway
        // Short deadlines: a test server on loopback answers at once, and a stop must not wait.
        configuration.journalOptions = PostgresJournalOptions(
            name: "orders", queryTimeout: .seconds(5), connectTimeout: .seconds(5), pollInterval: .milliseconds(200),
            sendTimeout: .seconds(5))
        configuration.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let server = try await OrdersServer(configuration: configuration)
        let reports = Locked<[StoreShutdownReport]>([])
        let group = server.makeServiceGroup(onShutdown: { report in reports.mutate { $0.append(report) } })
        let task = Task { try await group.run() }
        let baseURL = await server.boundAddress()
        let running = RunningServer(
            server: server, group: group, task: task, baseURL: baseURL, reports: reports, dataDirectory: directory
        )
        try await running.waitForCatalog()
        return running
    }

    /// Waits until the catalog is loaded (bounded).
    func waitForCatalog() async throws {
        for _ in 0..<1_000 {
            if try await health()["catalog"] as? String == "loaded" { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestFailure(description: "the catalog did not load")
    }

    /// Shuts the server down gracefully and waits for it to stop.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    func health() async throws -> [String: Any] {
        let (status, body) = try await HTTP.get(baseURL.appendingPathComponent("health"))
        guard status == 200 else { throw TestFailure(description: "GET /health answered \(status)") }
        return body
    }

    func post(_ json: String, headers: [String: String] = [:]) async throws -> (status: Int, body: [String: Any]) {
        try await HTTP.post(baseURL.appendingPathComponent("actions"), body: json, headers: headers)
    }
}

/// URLSession requests answered as (status, JSON object).
enum HTTP {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    static func get(_ url: URL) async throws -> (status: Int, body: [String: Any]) {
        try await send(URLRequest(url: url))
    }

    static func post(_ url: URL, body: String, headers: [String: String] = [:]) async throws -> (status: Int, body: [String: Any]) {
        try await postWithHeaders(url, body: body, headers: headers).response
    }

    /// A POST answered as (status, JSON object) and the answer's headers.
    static func postWithHeaders(
        _ url: URL, body: String, headers: [String: String] = [:]
    ) async throws -> (response: (status: Int, body: [String: Any]), headers: [String: String]) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await sendWithHeaders(request)
    }

    static func send(_ request: URLRequest) async throws -> (status: Int, body: [String: Any]) {
        try await sendWithHeaders(request).response
    }

    static func sendWithHeaders(
        _ request: URLRequest
    ) async throws -> (response: (status: Int, body: [String: Any]), headers: [String: String]) {
        let (data, status, headers): (Data, Int, [String: String]) = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    let http = response as? HTTPURLResponse
                    var headers: [String: String] = [:]
                    for case (let name as String, let value as String) in http?.allHeaderFields ?? [:] {
                        headers[name.lowercased()] = value
                    }
                    continuation.resume(returning: (data ?? Data(), http?.statusCode ?? 0, headers))
                }
            }.resume()
        }
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((status, object), headers)
    }
}

/// A server-sent events client over URLSession: collects the events and heartbeats it receives.
final class EventClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: the mutable fields are only touched with `lock` held; `session` and
    // `task` are set in `init` and not changed.
    struct Event: Sendable {
        var id: String?
        var name: String
        var revision: Int?
        var action: String?
    }

    private let lock = NSLock()
    private var buffer = ""
    private var receivedEvents: [Event] = []
    private var receivedHeartbeats = 0
    private var completed = false
    private var session: URLSession?
    private var task: URLSessionDataTask?

    init(url: URL) {
        super.init()
        var request = URLRequest(url: url)
        request.timeoutInterval = 60
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: request)
        self.session = session
        self.task = task
        task.resume()
    }

    var events: [Event] { lock.withLock { receivedEvents } }
    var heartbeats: Int { lock.withLock { receivedHeartbeats } }
    var isCompleted: Bool { lock.withLock { completed } }

    /// Closes the connection.
    func disconnect() {
        task?.cancel()
        session?.invalidateAndCancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            buffer += String(decoding: data, as: UTF8.self)
            while let end = buffer.range(of: "\n\n") {
                let block = String(buffer[..<end.lowerBound])
                buffer.removeSubrange(..<end.upperBound)
                parse(block)
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock { completed = true }
    }

    private func parse(_ block: String) {
        var id: String?
        var name = "message"
        var revision: Int?
        var action: String?
        var isComment = true
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { continue }
            isComment = false
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: "),
               let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any] {
                revision = object["revision"] as? Int
                action = object["action"] as? String
            }
        }
        if isComment {
            receivedHeartbeats += 1
        } else {
            receivedEvents.append(Event(id: id, name: name, revision: revision, action: action))
        }
    }
}

/// Waits (polling, bounded) until `condition` holds; returns whether it did.
func eventually(timeout: Duration = .seconds(20), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try await condition()
}
