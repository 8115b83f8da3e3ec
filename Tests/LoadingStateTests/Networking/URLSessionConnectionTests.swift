import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

@Suite struct URLSessionConnectionTests {
    @Test func deliversTheBodyOfASuccessfulResponse() throws {
        let server = try TestHTTPServer(routes: ["/users/1": .json(#"{"name":"Ann"}"#)])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL)
        let recorder = result(connection.data(for: Resource(path: "users/1", query: ["v": "2"])))
        #expect(recorder.elements.map { String(decoding: $0, as: UTF8.self) } == [#"{"name":"Ann"}"#])
        #expect(recorder.events.last == .completed)
        #expect(server.requests == ["/users/1?v=2"])
    }

    @Test(arguments: [404, 500])
    func statusOutsideTheAcceptableRangeFails(status: Int) throws {
        let server = try TestHTTPServer(routes: ["/x": .json(#"{"error":true}"#, status: status)])
        defer { server.stop() }
        let error = result(URLSessionConnection(baseURL: server.baseURL).data(for: Resource(path: "x"))).error
        #expect(error == .httpStatus(status, body: Data(#"{"error":true}"#.utf8)))
    }

    @Test func refusedConnectionIsANetworkError() throws {
        let port = try RefusingPort()
        let error = result(URLSessionConnection(baseURL: port.baseURL).data(for: Resource(path: "x"))).error
        #expect(error?.isConnectionRefused == true, "got \(String(describing: error))")
    }

    @Test func slowServerHitsTheTimeout() throws {
        let server = try TestHTTPServer(routes: ["/slow": .json("{}", delay: 5)])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 0.3)
        let error = result(connection.data(for: Resource(path: "slow"))).error
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
    }

    @Test func disposingTheObservationCancelsTheRequest() throws {
        let server = try TestHTTPServer(routes: ["/slow": .json("{}", delay: 5)])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL)
        let recorder = Recorder<Data, FlowError>()
        let disposable = connection.data(for: Resource(path: "slow")).observe(with: recorder.observer)
        #expect(server.wait { requests, _ in requests.count == 1 })
        disposable.dispose()
        #expect(server.wait { _, disconnects in disconnects == 1 }, "the server saw the client hang up")
        #expect(recorder.events.isEmpty)
    }

    @Test func acceptableStatusCodesAreConfigurable() throws {
        let server = try TestHTTPServer(routes: ["/gone": .json("[]", status: 404)])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, acceptableStatusCodes: 200..<500)
        #expect(result(connection.data(for: Resource(path: "gone"))).elements == [Data("[]".utf8)])
    }
}

@Suite struct URLSessionConnectionLifetimeTests {
    @Test func signalOutlivingItsConnectionStillWorks() throws {
        let server = try TestHTTPServer(routes: ["/a": .json("{}")])
        defer { server.stop() }
        // The connection is a temporary: only the signal references it.
        let signal = URLSessionConnection(baseURL: server.baseURL).data(for: Resource(path: "a"))
        #expect(result(signal).elements == [Data("{}".utf8)])
    }
}
