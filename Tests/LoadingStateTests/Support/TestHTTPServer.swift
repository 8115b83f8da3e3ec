import Foundation
import LoopbackHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: a blocking accept loop on a background thread,
/// one thread per connection, routes with a status, a body and an optional delay; a body can be
/// repeated (a large body without holding it), trickled a byte at a time, or sent without a
/// `Content-Length` (ended by closing the connection).
///
/// It binds port 0 and reads the port the kernel chose with `getsockname`, so tests can run in
/// parallel. Every response closes its connection. During a route's delay the server watches the
/// socket: a client that hangs up (a cancelled request) is counted in ``disconnects``.
final class TestHTTPServer: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is only touched with `condition` locked.
    struct Route: Sendable {
        var status: Int
        var body: Data
        var delay: TimeInterval = 0
        /// The body is sent this many times in a row.
        var repeats = 1
        /// When positive, the body is sent one byte at a time with this pause before each byte.
        var byteInterval: TimeInterval = 0
        /// Whether the head declares the body's length (otherwise closing the connection ends it).
        var declaresLength = true
        /// When positive, before each repeat of the body the server checks that the socket takes
        /// more; one that stays full this long counts as a stall (``stalls``, ``bodyBytesSentAtFirstStall``).
        var stallThreshold: TimeInterval = 0

        static func json(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> Route {
            Route(status: status, body: Data(text.utf8), delay: delay)
        }
    }

    let port: UInt16
    private let listener: Int32
    private let condition = NSCondition()
    private var routes: [String: Route]
    private var requestLog: [String] = []
    private var disconnectCount = 0
    private var sentBodyBytes = 0
    private var stallCount = 0
    private var sentAtFirstStall: Int?
    private var finishedResponses = 0
    private var isStopped = false
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init(routes: [String: Route] = [:]) throws {
        self.routes = routes
        let socket = try LoopbackSocket.boundSocket()
        guard listen(socket.fd, 128) == 0 else {
            close(socket.fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = socket.fd
        port = socket.port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func setRoute(_ path: String, _ route: Route) {
        condition.lock()
        routes[path] = route
        condition.unlock()
    }

    /// The request targets (path and query) received so far, in order.
    var requests: [String] {
        condition.lock()
        defer { condition.unlock() }
        return requestLog
    }

    /// How many clients hung up while the server was delaying their answer.
    var disconnects: Int {
        condition.lock()
        defer { condition.unlock() }
        return disconnectCount
    }

    /// How many body bytes the server has sent, over all responses.
    var bodyBytesSent: Int {
        condition.lock()
        defer { condition.unlock() }
        return sentBodyBytes
    }

    /// How often a route with a `stallThreshold` found the client not reading for that long.
    var stalls: Int {
        condition.lock()
        defer { condition.unlock() }
        return stallCount
    }

    /// The body bytes sent (over all responses) when the first stall was seen.
    var bodyBytesSentAtFirstStall: Int? {
        condition.lock()
        defer { condition.unlock() }
        return sentAtFirstStall
    }

    /// Waits until `predicate` holds for (body bytes sent, stalls), or `timeout` passes; returns
    /// whether it holds.
    @discardableResult
    func waitForSending(timeout: TimeInterval = 60, until predicate: (_ sent: Int, _ stalls: Int) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(sentBodyBytes, stallCount) {
            if !condition.wait(until: deadline) { return predicate(sentBodyBytes, stallCount) }
        }
        return true
    }

    /// Waits until `count` connections have been handled to the end (answered, or abandoned
    /// because the client hung up); returns whether they have.
    @discardableResult
    func waitForFinishedResponses(_ count: Int, timeout: TimeInterval = 60) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while finishedResponses < count {
            if !condition.wait(until: deadline) { return finishedResponses >= count }
        }
        return true
    }

    /// Waits until `predicate` holds (or `timeout` passes); returns whether it holds.
    @discardableResult
    func wait(timeout: TimeInterval = 60, until predicate: (_ requests: [String], _ disconnects: Int) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(requestLog, disconnectCount) {
            if !condition.wait(until: deadline) { return predicate(requestLog, disconnectCount) }
        }
        return true
    }

    /// Stops accepting connections and waits for the accept loop to end.
    func stop() {
        condition.lock()
        let alreadyStopped = isStopped
        isStopped = true
        condition.unlock()
        guard !alreadyStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        _ = acceptLoopEnded.wait(timeout: .now() + 10)
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                condition.lock()
                let stopped = isStopped
                condition.unlock()
                if stopped || (errno != EINTR && errno != ECONNABORTED) { return }
                continue
            }
            Thread.detachNewThread { [self] in handle(client) }
        }
    }

    private func handle(_ client: Int32) {
        defer {
            close(client)
            condition.lock()
            finishedResponses += 1
            condition.broadcast()
            condition.unlock()
        }
        guard let target = LoopbackSocket.readRequestTarget(client) else { return }
        let path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        condition.lock()
        requestLog.append(target)
        condition.broadcast()
        let route = routes[path] ?? Route.json(#"{"error":"not found"}"#, status: 404)
        condition.unlock()
        if route.delay > 0, clientHungUp(client, within: route.delay) {
            condition.lock()
            disconnectCount += 1
            condition.broadcast()
            condition.unlock()
            return
        }
        if route.repeats == 1, route.byteInterval <= 0, route.declaresLength {
            LoopbackSocket.respond(status: route.status, body: route.body, to: client)
            countSent(route.body.count)
            return
        }
        streamResponse(route, to: client)
    }

    /// Sends a repeated, trickled or undeclared-length body; stops when the client hangs up.
    private func streamResponse(_ route: Route, to client: Int32) {
        var head = "HTTP/1.1 \(route.status) \(LoopbackSocket.reason(route.status))\r\nContent-Type: application/json\r\n"
        if route.declaresLength { head += "Content-Length: \(route.body.count * route.repeats)\r\n" }
        head += "Connection: close\r\n\r\n"
        guard LoopbackSocket.sendAll(client, Data(head.utf8)) else { return }
        for _ in 0..<route.repeats {
            if route.byteInterval > 0 {
                for byte in route.body {
                    Thread.sleep(forTimeInterval: route.byteInterval)
                    guard LoopbackSocket.sendAll(client, Data([byte])) else { return }
                    countSent(1)
                }
            } else {
                if route.stallThreshold > 0 { checkForStall(client, threshold: route.stallThreshold) }
                guard LoopbackSocket.sendAll(client, route.body) else { return }
                countSent(route.body.count)
            }
        }
    }

    /// Counts a stall when the socket stays unwritable (the client reads nothing) for `threshold`.
    private func checkForStall(_ client: Int32, threshold: TimeInterval) {
        var descriptor = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, 0) == 0 else { return }
        descriptor.revents = 0
        guard poll(&descriptor, 1, Int32(threshold * 1000)) == 0 else { return }
        condition.lock()
        stallCount += 1
        if sentAtFirstStall == nil { sentAtFirstStall = sentBodyBytes }
        condition.broadcast()
        condition.unlock()
    }

    private func countSent(_ count: Int) {
        condition.lock()
        sentBodyBytes += count
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `delay` seconds; returns `true` as soon as the client closes its end.
    private func clientHungUp(_ client: Int32, within delay: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: delay)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready > 0 {
                var byte: UInt8 = 0
                let peeked = recv(client, &byte, 1, Int32(MSG_PEEK))
                if peeked <= 0 { return true }
                // Unexpected extra bytes: nothing to do but keep waiting.
                if peeked > 0 { _ = recv(client, &byte, 1, 0) }
            }
        }
    }

}

/// A port on 127.0.0.1 that is bound but not listening: connecting to it is refused, and no
/// other test can take the port while the reservation lives.
final class RefusingPort: Sendable {
    let port: UInt16
    private let fd: Int32

    init() throws {
        (fd, port) = try LoopbackSocket.boundSocket()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    deinit { close(fd) }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LoadingStateTests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
