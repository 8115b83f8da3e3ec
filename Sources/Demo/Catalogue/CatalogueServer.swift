import Foundation
import StreamCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocketType = SOCK_STREAM
#endif

/// Failures the embedded server injects, each once, so the demo can show its error states.
struct FailureInjection: Sendable, Equatable {
    /// This page answers HTTP 500 the first time it is asked for.
    var failPage: Int?
    /// This page answers a body that is not JSON the first time it is asked for.
    var badJSONPage: Int?
}

/// The demo's own catalogue API: a tiny HTTP/1.1 server on 127.0.0.1 (a port the kernel picks)
/// serving ``Catalogue`` at `GET /movies?page=N`, with optional injected failures.
///
/// A blocking accept loop on a background thread, one short-lived thread per connection; every
/// response closes its connection. (The approach of `TestHTTPServer` in the LoadingState tests.)
final class CatalogueServer: Sendable {
    struct State: Sendable {
        var pending: FailureInjection
        var requests: [String] = []
        var isStopped = false
    }

    let port: UInt16
    private let listener: Int32
    private let state: LockedState<State>
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    /// Where the API lives: `http://127.0.0.1:<port>/`.
    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
    }

    /// The request targets received so far (`/movies?page=2`), in order.
    var requests: [String] { state.withLock { $0.requests } }

    /// Starts serving.
    ///
    /// - Throws: `POSIXError` when no socket can be bound on 127.0.0.1.
    init(failures: FailureInjection = FailureInjection()) throws {
        state = LockedState(State(pending: failures))
        let socket = try Self.boundSocket()
        guard listen(socket.fd, 64) == 0 else {
            close(socket.fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = socket.fd
        port = socket.port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// A TCP socket bound to 127.0.0.1 on a free port, not listening.
    static func boundSocket() throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Stops accepting connections and waits for the accept loop to end. Idempotent.
    func stop() {
        let alreadyStopped = state.withLock { state in
            defer { state.isStopped = true }
            return state.isStopped
        }
        guard !alreadyStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        _ = acceptLoopEnded.wait(timeout: .now() + 5)
        close(listener)
    }

    /// The answer for a request target: status and body.
    func respond(to target: String) -> (status: Int, body: String) {
        let parts = target.split(separator: "?", maxSplits: 1)
        let path = parts.first.map(String.init) ?? ""
        let query = parts.count > 1 ? String(parts[1]) : ""
        let pageValue = query.split(separator: "&")
            .first { $0.hasPrefix("page=") }
            .flatMap { Int($0.dropFirst("page=".count)) }
        guard path == "/movies", let number = pageValue, let page = Catalogue.page(number) else {
            return (404, #"{"error":"no such page"}"#)
        }
        let injected: (status: Int, body: String)? = state.withLock { state in
            if state.pending.failPage == number {
                state.pending.failPage = nil
                return (500, #"{"error":"injected failure"}"#)
            }
            if state.pending.badJSONPage == number {
                state.pending.badJSONPage = nil
                return (200, #"{"page": \#(number), "results": [{"id": "#)
            }
            return nil
        }
        if let injected { return injected }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(page) else { return (500, #"{"error":"encoding"}"#) }
        return (200, String(decoding: data, as: UTF8.self))
    }

    private func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                let stopped = state.withLock { $0.isStopped }
                if stopped || (errno != EINTR && errno != ECONNABORTED) { return }
                continue
            }
            Thread.detachNewThread { [self] in handle(client) }
        }
    }

    private func handle(_ client: Int32) {
        defer { close(client) }
        guard let target = Self.readRequestTarget(client) else { return }
        state.withLock { $0.requests.append(target) }
        let (status, body) = respond(to: target)
        let bytes = Data(body.utf8)
        let reason = status == 200 ? "OK" : status == 404 ? "Not Found" : "Internal Server Error"
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        Self.sendAll(client, Data(head.utf8) + bytes)
    }

    /// Reads the request head and returns its target, e.g. `/movies?page=2`.
    private static func readRequestTarget(_ client: Int32) -> String? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil, buffer.count < 1 << 16 {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if buffer.count >= 4 {
                headEnd = (0...(buffer.count - 4)).first { Array(buffer[$0..<($0 + 4)]) == terminator }
            }
        }
        guard let headEnd else { return nil }
        let requestLine = String(decoding: buffer[0..<headEnd], as: UTF8.self)
            .components(separatedBy: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return String(parts[1])
    }

    private static func sendAll(_ client: Int32, _ data: Data) {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let sent = send(client, base + offset, raw.count - offset, flags)
                if sent <= 0 { return }
                offset += sent
            }
        }
    }
}
