import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

@Suite struct CacheThenRefreshTests {
    typealias Observed = ObservedLoadingState<Author, FlowError>

    func states(_ flow: ResourceFlow<Author>) -> Recorder<Observed, Never> {
        let recorder = Recorder<Observed, Never>()
        _ = flow.fetchCachedThenRefresh(Resource(path: "a")).observe(with: recorder.observer)
        recorder.waitForTermination()
        return recorder
    }

    func flow(_ server: TestHTTPServer, _ folder: TemporaryFolder, maxAge: TimeInterval? = nil) -> ResourceFlow<Author> {
        createFlow(
            baseURL: server.baseURL,
            configuration: FlowConfiguration(
                persistence: .enabled(folder: folder.url, fileName: "a.json", maxAge: maxAge), timeout: 10))
    }

    @Test func showsCachedThenReloadingThenFresh() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(#"{"name":"Fresh"}"#)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        try writeStored(#"{"name":"Cached"}"#, savedAt: Date().timeIntervalSince1970, to: folder.url.appendingPathComponent("a.json"))
        let recorder = states(flow(server, folder))
        #expect(recorder.events == [.next(.loaded(Author(name: "Cached"))), .next(.reloading), .next(.loaded(Author(name: "Fresh"))), .completed])
        #expect(result(DiskStore<Author>(folder: folder.url, fileName: "a.json").load()).elements == [Author(name: "Fresh")])
    }

    @Test func failedRefreshKeepsTheCachedValueVisible() throws {
        let server = try TestHTTPServer(routes: ["/a": .json("{}", status: 500)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        try writeStored(#"{"name":"Cached"}"#, savedAt: Date().timeIntervalSince1970, to: folder.url.appendingPathComponent("a.json"))
        let recorder = states(flow(server, folder))
        #expect(
            recorder.elements == [
                .loaded(Author(name: "Cached")), .reloading,
                .failed(.httpStatus(500, body: Data("{}".utf8))), .loaded(Author(name: "Cached")),
            ])
    }

    @Test func expiredCacheIsNotShown() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(#"{"name":"Fresh"}"#)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        try writeStored(#"{"name":"Old"}"#, savedAt: Date().timeIntervalSince1970 - 3600, to: folder.url.appendingPathComponent("a.json"))
        #expect(states(flow(server, folder, maxAge: 60)).elements == [.loading, .loaded(Author(name: "Fresh"))])
    }

    @Test func withoutCacheAFailureIsTheLastState() throws {
        let port = try RefusingPort()
        let flow: ResourceFlow<Author> = createFlow(
            baseURL: port.baseURL,
            configuration: FlowConfiguration(
                persistence: .enabled(folder: TemporaryFolder().url)))
        let recorder = states(flow)
        #expect(recorder.elements.first == .loading)
        #expect(recorder.elements.count == 2)
        #expect(recorder.elements.last?.error?.isConnectionRefused == true)
    }
}
