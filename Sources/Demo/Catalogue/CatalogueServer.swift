import Foundation
import LoopbackHTTP
import StreamCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
/// The threads hold only the server's ``Core``, never the server: releasing the server stops it.
final class CatalogueServer: Sendable {
    struct State: Sendable {
        var pending: FailureInjection
        var requests: [String] = []
        var isStopped = false
    }

    /// The socket and state the server's threads share.
    let core: Core

    /// The port the server listens on (127.0.0.1).
    var port: UInt16 { core.port }

    /// Where the API lives: `http://127.0.0.1:<port>/`.
    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
    }

    /// The request targets received so far (`/movies?page=2`), in order.
    var requests: [String] { core.state.withLock { $0.requests } }

    /// Starts serving.
    ///
    /// - Throws: `POSIXError` when no socket can be bound on 127.0.0.1.
    init(failures: FailureInjection = FailureInjection()) throws {
        let socket = try LoopbackSocket.boundSocket()
        guard listen(socket.fd, 64) == 0 else {
            close(socket.fd)
            throw POSIXError(.EADDRINUSE)
        }
        core = Core(listener: socket.fd, port: socket.port, state: LockedState(State(pending: failures)))
        Thread.detachNewThread { [core] in core.acceptLoop() }
    }

    deinit { core.stop() }

    /// Stops accepting connections and waits for the accept loop to end. Idempotent.
    func stop() { core.stop() }

    /// The answer for a request target: status and body.
    func respond(to target: String) -> (status: Int, body: String) { core.respond(to: target) }

    /// What the accept and connection threads hold: the socket and the state, not the server.
    final class Core: Sendable {
        let port: UInt16
        let state: LockedState<State>
        private let listener: Int32
        private let acceptLoopEnded = DispatchSemaphore(value: 0)
        private let ended = LockedState(false)

        init(listener: Int32, port: UInt16, state: LockedState<State>) {
            self.listener = listener
            self.port = port
            self.state = state
        }

        /// Whether the accept loop has ended (after ``stop()`` or the server's release).
        var acceptLoopHasEnded: Bool { ended.withLock { $0 } }

        /// Stops accepting and waits (up to 5 s) for the accept loop to end. Idempotent.
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

        /// Accepts connections until stopped; one thread per connection.
        func acceptLoop() {
            defer {
                ended.withLock { $0 = true }
                acceptLoopEnded.signal()
            }
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    let error = errno  // before the lock call can change it
                    let stopped = state.withLock { $0.isStopped }
                    if stopped || (error != EINTR && error != ECONNABORTED) { return }
                    continue
                }
                Thread.detachNewThread { [self] in handle(client) }
            }
        }

        private func handle(_ client: Int32) {
            defer { close(client) }
            guard let target = LoopbackSocket.readRequestTarget(client) else { return }
            state.withLock { $0.requests.append(target) }
            let (status, body) = respond(to: target)
            LoopbackSocket.respond(status: status, body: Data(body.utf8), to: client)
        }
    }
}
