import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite struct TestHTTPServerTests {
    @Test func servesRoutesAndStopsCleanly() throws {
        let server = try TestHTTPServer(routes: ["/hello": .json(#"{"a":1}"#)])
        #expect(server.port > 0)
        let done = DispatchSemaphore(value: 0)
        let body = LockedBody()
        URLSession.shared.dataTask(with: server.baseURL.appendingPathComponent("hello")) { data, _, _ in
            body.set(data)
            done.signal()
        }.resume()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(body.text == #"{"a":1}"#)
        #expect(server.requests == ["/hello"])
        server.stop()
    }
}

/// Holds a response body across threads.
final class LockedBody: @unchecked Sendable {
    // @unchecked Sendable: `data` is only touched with `lock` held.
    private let lock = NSLock()
    private var data: Data?
    func set(_ data: Data?) { lock.lock(); self.data = data; lock.unlock() }
    var text: String? { lock.lock(); defer { lock.unlock() }; return data.map { String(decoding: $0, as: UTF8.self) } }
}
