import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// The connection's limits against hostile servers on 127.0.0.1: a body trickled a byte at a
/// time, a body larger than the limit (declared or not), a huge error page.
@Suite struct URLSessionConnectionLimitsTests {
    /// 64 KiB of JSON-ish filler, repeated by the server to build large bodies.
    static var block: Data { Data(repeating: UInt8(ascii: "x"), count: 64 * 1024) }
    /// The oversize bodies: 128 MiB (2,048 blocks). Large against the limits, small enough that a
    /// whole transfer (when cancellation lands late) does not hold a test thread for long: these
    /// tests block their thread, and the whole suite shares two cooperative threads on a 2-core
    /// machine (three 1 GiB transfers at once starved other suites' tasks past their timeouts).
    static let oversizeBlocks = 2 * 1024
    static var oversizeBytes: Int { oversizeBlocks * block.count }

    /// Checks that the client hung up before the server sent the whole oversize body. On Linux,
    /// FoundationNetworking's `URLSessionTask.cancel()` lands late (20–630 MiB still arrived over
    /// loopback before it took effect, depending on load), so a whole 128 MiB transfer is possible
    /// and this check is recorded as an intermittent known issue there; the typed error and the
    /// connection keeping nothing past the limit are what the tests assert.
    static func expectHungUpEarly(_ server: TestHTTPServer) {
        #if canImport(FoundationNetworking)
        withKnownIssue("FoundationNetworking's cancellation can land after the whole body", isIntermittent: true) {
            #expect(server.bodyBytesSent < oversizeBytes, "sent \(server.bodyBytesSent) bytes")
        }
        #else
        #expect(server.bodyBytesSent < oversizeBytes, "sent \(server.bodyBytesSent) bytes")
        #endif
    }

    @Test func aTricklingServerHitsTheOverallDeadline() throws {
        // 100 bytes, one every 50 ms: 5 s in all, yet never 2 s (the idle timeout) without progress.
        var route = TestHTTPServer.Route.json(String(repeating: " ", count: 98) + "{}")
        route.byteInterval = 0.05
        let server = try TestHTTPServer(routes: ["/slow": route])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 2, deadline: 0.5)
        let start = Date()
        let recorder = Recorder<Data, FlowError>()
        _ = connection.data(for: Resource(path: "slow")).observe(with: recorder.observer)
        #expect(recorder.waitForTermination(timeout: 4), "the fetch is still pending after 4 s")
        #expect(recorder.events == [.failed(.deadlineExceeded(seconds: 0.5))])
        #expect(recorder.error?.isTimeout == true)
        #expect(Date().timeIntervalSince(start) < 3)
        // The request was cancelled: the server stops trickling well before the 100th byte.
        #expect(server.waitForFinishedResponses(1, timeout: 10))
        #expect(server.bodyBytesSent < 100)
    }

    @Test func noDeadlineLetsASlowBodyFinish() throws {
        var route = TestHTTPServer.Route.json("[1,2]")
        route.byteInterval = 0.05
        let server = try TestHTTPServer(routes: ["/slow": route])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 2, deadline: .infinity)
        #expect(result(connection.data(for: Resource(path: "slow"))).elements == [Data("[1,2]".utf8)])
    }

    @Test(arguments: [true, false])
    func aBodyOverTheLimitFailsWithoutBeingDownloaded(declaresLength: Bool) throws {
        // 128 MiB offered, 1 MiB accepted.
        let route = TestHTTPServer.Route(
            status: 200, body: Self.block, repeats: Self.oversizeBlocks, declaresLength: declaresLength)
        let server = try TestHTTPServer(routes: ["/big": route])
        defer { server.stop() }
        let limit = 1024 * 1024
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 10, maximumResponseSize: limit)
        let recorder = result(connection.data(for: Resource(path: "big")))
        #expect(recorder.events == [.failed(.responseTooLarge(limit: limit))])
        #expect(server.waitForFinishedResponses(1, timeout: 30))
        // The client hung up before the end (see expectHungUpEarly). The connection keeps none of
        // what arrives past the limit: chunks past it are dropped as they arrive.
        Self.expectHungUpEarly(server)
    }

    @Test(arguments: [true, false])
    func aBodyExactlyAtTheLimitIsAccepted(declaresLength: Bool) throws {
        let route = TestHTTPServer.Route(status: 200, body: Self.block, repeats: 4, declaresLength: declaresLength)
        let server = try TestHTTPServer(routes: ["/fits": route])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 10, maximumResponseSize: 4 * Self.block.count)
        let recorder = result(connection.data(for: Resource(path: "fits")))
        #expect(recorder.elements.map(\.count) == [4 * Self.block.count])
        #expect(recorder.events.last == .completed)
    }

    @Test func aHugeErrorBodyIsCutToTheCap() throws {
        // A 128 MiB error page; the error keeps its first 4 KiB.
        let route = TestHTTPServer.Route(status: 500, body: Self.block, repeats: Self.oversizeBlocks)
        let server = try TestHTTPServer(routes: ["/fail": route])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 10, maximumErrorBodySize: 4096)
        let recorder = result(connection.data(for: Resource(path: "fail")))
        #expect(recorder.events == [.failed(.httpStatus(500, body: Self.block.prefix(4096)))])
        #expect(server.waitForFinishedResponses(1, timeout: 30))
        Self.expectHungUpEarly(server)
    }

    @Test func theDefaultErrorBodyCapIs64KiB() throws {
        let route = TestHTTPServer.Route(status: 404, body: Self.block, repeats: 16)
        let server = try TestHTTPServer(routes: ["/fail": route])
        defer { server.stop() }
        let error = result(URLSessionConnection(baseURL: server.baseURL, timeout: 10).data(for: Resource(path: "fail"))).error
        #expect(error == .httpStatus(404, body: Self.block))
        #expect(URLSessionConnection.defaultMaximumErrorBodySize == 64 * 1024)
    }

    @Test func aShortErrorBodyIsKeptWhole() throws {
        let server = try TestHTTPServer(routes: ["/fail": .json(#"{"error":"gone"}"#, status: 410)])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 10, maximumErrorBodySize: 4096)
        #expect(result(connection.data(for: Resource(path: "fail"))).error == .httpStatus(410, body: Data(#"{"error":"gone"}"#.utf8)))
    }

    @Test func aFlowConfigurationCarriesTheDeadlineAndTheSizeLimit() throws {
        var trickled = TestHTTPServer.Route.json(#"{"name":"Ann"}"# + String(repeating: " ", count: 80))
        trickled.byteInterval = 0.05
        let big = TestHTTPServer.Route(status: 200, body: Self.block, repeats: 4)
        let server = try TestHTTPServer(routes: ["/slow": trickled, "/big": big])
        defer { server.stop() }
        let flow: ResourceFlow<Author> = createFlow(
            baseURL: server.baseURL,
            configuration: FlowConfiguration(timeout: 2, deadline: 0.5, maximumResponseSize: 1000))
        #expect(result(flow.fetch(Resource(path: "slow"))).error == .deadlineExceeded(seconds: 0.5))
        // The size limit with a deadline no loaded machine (or sanitizer) can miss.
        let sized: ResourceFlow<Author> = createFlow(
            baseURL: server.baseURL,
            configuration: FlowConfiguration(timeout: 30, deadline: 60, maximumResponseSize: 1000))
        #expect(result(sized.fetch(Resource(path: "big"))).error == .responseTooLarge(limit: 1000))
    }
}
