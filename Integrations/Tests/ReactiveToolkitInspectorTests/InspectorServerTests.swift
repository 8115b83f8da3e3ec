import Foundation
import ReactiveToolkitInspector
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore
import Testing

@Suite(.serialized) struct InspectorServerTests {
    static let token = "test-token"

    func served(
        development: Bool = true, configuration: InspectorServer.Configuration = .init(token: token)
    )
        async throws -> (Store<Ledger, LedgerAction>, StoreInspector<Ledger, LedgerAction>, InspectorServer)
    {
        let inspector = StoreInspector<Ledger, LedgerAction>(development: development)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        let server = try await InspectorServer.start(inspector, configuration: configuration, announce: false)
        return (store, inspector, server)
    }

    func get(_ server: InspectorServer, _ path: String, headers: [String] = [], token: String? = token) async -> RawHTTP.Answer? {
        let auth = token.map { ["Authorization: Bearer \($0)"] } ?? []
        let lines = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close"] + auth + headers
        return await RawHTTP.request(port: server.port, lines.joined(separator: "\r\n") + "\r\n\r\n")
    }

    func post(_ server: InspectorServer, _ path: String, _ body: String, headers: [String] = []) async -> RawHTTP.Answer? {
        let lines =
            [
                "POST \(path) HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close", "Authorization: Bearer \(Self.token)",
                "Content-Type: application/json", "Content-Length: \(body.utf8.count)",
            ] + headers
        return await RawHTTP.request(port: server.port, lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
    }

    @Test func requiresTheToken() async throws {
        let (_, _, server) = try await served()
        defer { Task { await server.stop() } }
        #expect(await get(server, "/api/status", token: nil)?.status == 401)
        #expect(await get(server, "/api/status", token: "wrong")?.status == 401)
        #expect(await get(server, "/", token: nil)?.status == 401)
        #expect(await get(server, "/api/status")?.status == 200)
        #expect(await get(server, "/?token=\(Self.token)", token: nil)?.status == 200)
        #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)/?token=\(Self.token)")
        await server.stop()
    }

    @Test func refusesOtherOriginsAndHosts() async throws {
        let (_, _, server) = try await served()
        #expect(await get(server, "/api/status", headers: ["Origin: http://evil.example"])?.status == 403)
        #expect(await get(server, "/api/status", headers: ["Sec-Fetch-Site: cross-site"])?.status == 403)
        #expect(await get(server, "/api/status", headers: ["Origin: http://127.0.0.1:\(server.port)"])?.status == 200)
        let rebinding = await RawHTTP.request(
            port: server.port,
            "GET /api/status HTTP/1.1\r\nHost: evil.example:\(server.port)\r\nAuthorization: Bearer \(Self.token)\r\nConnection: close\r\n\r\n")
        #expect(rebinding?.status == 403)
        await server.stop()
    }

    @Test func answersBadRequestsWithAClear4xx() async throws {
        let (store, _, server) = try await served(configuration: .init(token: Self.token, maximumBodyBytes: 1_024))
        try await store.send(.add("a"))
        #expect(await get(server, "/api/entry?index=99")?.status == 404)
        #expect(await get(server, "/api/entry?index=x")?.status == 400)
        #expect(await get(server, "/api/entry")?.status == 400)
        #expect(await get(server, "/nowhere")?.status == 404)
        #expect(await post(server, "/api/status", "{}")?.status == 405)
        let malformed = await post(server, "/api/jump", "{\"index\": ")
        #expect(malformed?.status == 400)
        #expect(malformed?.text.contains("malformed JSON") == true)
        #expect(await post(server, "/api/jump", "{\"index\": 42}")?.status == 404)
        #expect(await post(server, "/api/dispatch", "{\"launch\": {}}")?.status == 422)
        #expect(await post(server, "/api/dispatch", "[1,")?.status == 400)
        #expect(await post(server, "/api/session", "{\"format\": \"other\"}")?.status == 400)
        #expect(await post(server, "/api/dispatch", String(repeating: "x", count: 2_000))?.status == 413)
        #expect(await get(server, "/api/effects?index=99")?.status == 404)
        #expect(await get(server, "/api/effects?index=one")?.status == 400)
        #expect(await get(server, "/api/effects?count=-1")?.status == 400)
        #expect(await get(server, "/api/rows?from=-5")?.status == 400)
        #expect(await get(server, "/api/rows?count=x")?.status == 400)
        #expect(await post(server, "/api/effects", "{}")?.status == 405)
        #expect(await post(server, "/api/skip", "{\"index\": 1}")?.status == 400)  // no "skipped"
        #expect(await get(server, "/api/entry?index=1&src=session")?.status == 404)  // nothing imported
        #expect(await get(server, "/api/effects?index=1")?.status == 200)
        #expect(await get(server, "/api/effects")?.text.contains("{\"effects\":[],") == true)
        #expect(store.state.entries == ["a"])
        await server.stop()
    }

    @Test func servesTheLogTheDetailAndTimeTravel() async throws {
        let (store, _, server) = try await served()
        try await store.send(.multiply(2))
        try await store.send(.multiply(3))
        let rows = await get(server, "/api/rows?from=0&count=10")
        #expect(rows?.text.contains("\"a\":\"multiply 3\"") == true)
        let entry = await get(server, "/api/entry?index=2")
        #expect(entry?.text.contains("− total: 2") == true)
        #expect(await post(server, "/api/jump", "{\"index\": 1}")?.status == 200)
        #expect(store.state.total == 2)
        #expect(await get(server, "/api/state")?.text.hasSuffix("\"total\":2,\"login\":null}") == true)
        #expect(await post(server, "/api/skip", "{\"index\": 1, \"skipped\": true}")?.status == 200)
        #expect(store.state.total == 1)  // still at #1, now without it
        #expect(await post(server, "/api/present", "")?.status == 200)
        #expect(store.state.total == 3)
        let exported = await get(server, "/api/session")
        #expect(exported?.status == 200)
        await server.stop()
    }

    @Test func aReadOnlyInspectorRefusesTimeTravel() async throws {
        let (store, _, server) = try await served(development: false)
        try await store.send(.add("a"))
        #expect(await post(server, "/api/jump", "{\"index\": 1}")?.status == 409)
        await server.stop()
    }

    @Test func closesAConnectionThatDoesNotSendARequestInTime() async throws {
        let (_, _, server) = try await served(configuration: .init(token: Self.token, requestTimeout: .milliseconds(300)))
        let fd = try #require(RawHTTP.connect(port: server.port))
        defer { close(fd) }
        _ = "GET /api/status HTTP/1.1\r\n".withCString { send(fd, $0, 26, 0) }  // never ends the head
        #expect(await RawHTTP.closedByPeer(fd))
        await server.stop()
    }

    @Test func aClientThatDoesNotReadNeverSlowsTheStore() async throws {
        let (store, _, server) = try await served()
        for index in 0..<200 { try await store.send(.add(String(repeating: "x", count: 200) + "\(index)")) }
        let fd = try #require(RawHTTP.connect(port: server.port))
        defer { close(fd) }
        // Pipelined requests for big pages, never reading an answer.
        let request = "GET /api/rows?from=0&count=1000 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAuthorization: Bearer \(Self.token)\r\n\r\n"
        var buffer = 4 * 1_024
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, socklen_t(MemoryLayout<Int>.size))
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        for _ in 0..<200 { _ = request.withCString { send(fd, $0, strlen($0), 0) } }
        // Meanwhile the store runs at its own pace.
        for _ in 0..<1_000 { try await store.send(.multiply(1)) }
        #expect(store.state.entries.count == 200)
        // And the stuck connection was closed rather than buffered without end.
        _ = fcntl(fd, F_SETFL, flags)
        var closed = false
        for _ in 0..<100 where !closed {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            closed = count <= 0
        }
        #expect(closed)
        await server.stop()
    }
}
