import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoadingState
import Testing

@Suite struct ResourceTests {
    let base = URL(string: "https://api.example.com/v1/")!

    @Test func buildsURLRelativeToBaseKeepingItsPath() throws {
        let url = try Resource(path: "/users/1").url(baseURL: base)
        #expect(url.absoluteString == "https://api.example.com/v1/users/1")
    }

    @Test func addsQueryItemsInOrder() throws {
        let resource = Resource(path: "users", query: ["page": "2", "limit": "10"])
        #expect(try resource.url(baseURL: base).absoluteString == "https://api.example.com/v1/users?limit=10&page=2")
    }

    @Test func requestCarriesMethodHeadersBodyAndTimeout() throws {
        let body = Data("{}".utf8)
        let resource = Resource(path: "users", body: body, headers: ["X-Token": "abc"], method: .post)
        let request = try resource.request(baseURL: base, timeout: 5)
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "X-Token") == "abc")
        #expect(request.httpBody == body)
        #expect(request.timeoutInterval == 5)
    }

    @Test func baseWithoutHostIsATypedError() {
        let resource = Resource(path: "users")
        #expect(throws: FlowError.self) { try resource.url(baseURL: URL(fileURLWithPath: "relative")) }
    }
}
