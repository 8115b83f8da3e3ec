import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw TCP client on 127.0.0.1 that writes a request head a few bytes at a time (slowloris).
private final class SlowClient: @unchecked Sendable {
    // @unchecked Sendable: `descriptor` is set once in init; only the test's task uses it.
    let descriptor: Int32

    init?(port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes `text`; `false` once the server has closed the connection.
    func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return send(descriptor, &bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// Whether the server has closed the connection (a read returns end of file or an error),
    /// without blocking.
    var isClosedByServer: Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        let read = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }
}

/// In `OrdersServiceTests`, which is serialized: the disconnect test there counts StreamCore's
/// process-wide live observations, which another server running at the same time would change.
extension OrdersServiceTests {
    @Test func clientsTricklingARequestHeadAreClosedAtTheIdleTimeoutAndHealthStaysUp() async throws {
        let running = try await RunningServer.start(idleTimeout: .seconds(1), maximumConnections: 64)
        let port = try #require(running.baseURL.port)
        // 200 connections, more than the server keeps open: the rest wait in the backlog.
        var clients: [SlowClient] = []
        for _ in 0..<200 {
            if let client = SlowClient(port: port) { clients.append(client) }
        }
        #expect(clients.count == 200)
        let start = ContinuousClock.now
        // Each trickles a request head, one header line every 100 ms, never finishing it.
        var healthAnswered = false
        for tick in 0..<60 {
            for client in clients { _ = client.write(tick == 0 ? "GET /health HTTP/1.1\r\nHost: x\r\n" : "X-\(tick): y\r\n") }
            if tick == 30 {
                // Half-way (3 s in): the slow clients hold nothing that blocks a real request.
                healthAnswered = (try? await running.health()["catalog"] as? String) == "loaded"
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let closed = clients.filter(\.isClosedByServer).count
        let elapsed = ContinuousClock.now - start
        // Every connection the server accepted was closed one idle timeout after it was accepted,
        // although it kept sending bytes; those still waiting in the backlog were accepted as
        // slots freed, and closed in turn.
        #expect(closed >= 150, "only \(closed) of 200 trickling connections were closed in \(elapsed)")
        #expect(healthAnswered)
        #expect((try await running.health()["catalog"] as? String) == "loaded")
        clients.removeAll()
        try await running.stop()
    }

    @Test func connectionsThatSendNothingAreClosedAtTheIdleTimeoutWhileHealthAnswers() async throws {
        let running = try await RunningServer.start(idleTimeout: .seconds(1), maximumConnections: 32)
        let port = try #require(running.baseURL.port)
        // 48 silent connections, more than the bound: the server holds 32, the rest wait.
        var clients: [SlowClient] = []
        for _ in 0..<48 {
            if let client = SlowClient(port: port) { clients.append(client) }
        }
        #expect(clients.count == 48)
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(300))
        #expect(clients.filter(\.isClosedByServer).isEmpty)  // before the timeout, all open
        // /health waits for a slot at most one timeout (the silent ones are then closed).
        #expect((try await running.health()["catalog"] as? String) == "loaded")
        let allClosed = await eventually(timeout: .seconds(4)) { clients.allSatisfy(\.isClosedByServer) }
        let elapsed = ContinuousClock.now - start
        #expect(allClosed, "\(clients.filter(\.isClosedByServer).count) of 48 closed in \(elapsed)")
        // Two timeouts: the first 32 at 1 s, the 16 accepted then at 2 s.
        #expect(elapsed < .seconds(3.5))
        clients.removeAll()
        try await running.stop()
    }

    @Test func anIdleKeptAliveConnectionIsClosedAtTheIdleTimeout() async throws {
        let running = try await RunningServer.start(idleTimeout: .seconds(1))
        let port = try #require(running.baseURL.port)
        let client = try #require(SlowClient(port: port))
        #expect(client.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(!client.isClosedByServer)  // answered, kept alive
        let closedInTime = await eventually(timeout: .seconds(5)) { client.isClosedByServer }
        #expect(closedInTime)
        try await running.stop()
    }
}
