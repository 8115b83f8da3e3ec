import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// Writes a stored file as `DiskStore` does, with a chosen save date.
func writeStored(_ json: String, savedAt: TimeInterval, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"savedAt":\#(savedAt),"value":\#(json)}"#.utf8).write(to: url)
}

/// End-to-end tests of the default flow: a real HTTP server on 127.0.0.1, real files on disk.
@Suite struct CreateFlowTests {
    let ann = #"{"name":"Ann"}"#

    func configuration(_ folder: TemporaryFolder, maxAge: TimeInterval? = nil, prune: Bool = true) -> FlowConfiguration {
        FlowConfiguration(
            persistence: .enabled(folder: folder.url, fileName: "author.json", maxAge: maxAge),
            prunesInvalidElements: prune, timeout: 10)
    }

    @Test func cacheHitDoesNotTouchTheNetwork() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(#"{"name":"Fresh"}"#)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        try writeStored(ann, savedAt: Date().timeIntervalSince1970, to: folder.url.appendingPathComponent("author.json"))
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(folder))
        #expect(result(flow.fetch(Resource(path: "a"))).events == [.next(Author(name: "Ann")), .completed])
        #expect(server.requests.isEmpty)
    }

    @Test func cacheMissGoesToTheNetworkAndSaves() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(folder))
        #expect(result(flow.fetch(Resource(path: "a"))).elements == [Author(name: "Ann")])
        #expect(server.requests == ["/a"])
        #expect(result(DiskStore<Author>(folder: folder.url, fileName: "author.json").load()).elements == [Author(name: "Ann")])
        // The second fetch is a cache hit.
        _ = result(flow.fetch(Resource(path: "a")))
        #expect(server.requests == ["/a"])
    }

    @Test func corruptCacheFallsBackToTheNetworkAndIsOverwritten() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("author.json")
        try Data("{\"savedAt\":1,\"value\":{\"name\"".utf8).write(to: file)
        let store = DiskStore<Author>(folder: folder.url, fileName: "author.json")
        guard case .corruptFile? = result(store.load()).error else {
            Issue.record("expected a corrupt file first")
            return
        }
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(folder))
        #expect(result(flow.fetch(Resource(path: "a"))).elements == [Author(name: "Ann")])
        #expect(result(store.load()).elements == [Author(name: "Ann")])
    }

    @Test func expiredCacheGoesToTheNetwork() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(#"{"name":"Fresh"}"#)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        try writeStored(ann, savedAt: Date().timeIntervalSince1970 - 3600, to: folder.url.appendingPathComponent("author.json"))
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(folder, maxAge: 60))
        #expect(result(flow.fetch(Resource(path: "a"))).elements == [Author(name: "Fresh")])
        #expect(server.requests == ["/a"])
    }

    @Test(arguments: [404, 500])
    func httpErrorsFailTheFlow(status: Int) throws {
        let server = try TestHTTPServer(routes: ["/a": .json("{}", status: status)])
        defer { server.stop() }
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(TemporaryFolder()))
        #expect(result(flow.fetch(Resource(path: "a"))).error == .httpStatus(status, body: Data("{}".utf8)))
    }

    @Test func malformedArrayStrictFailsNamingTheElement() throws {
        let server = try TestHTTPServer(routes: ["/list": .json(#"[{"name":"Ann"},{"name":7}]"#)])
        defer { server.stop() }
        let flow: ResourceFlow<DecodedArray<Author>> = createFlow(
            baseURL: server.baseURL, configuration: configuration(TemporaryFolder(), prune: false))
        guard case .decoding(let path, _)? = result(flow.fetchFromNetwork(Resource(path: "list"))).error else {
            Issue.record("expected a decoding error")
            return
        }
        #expect(path == "[1].name")
    }

    @Test func malformedArrayPruneDropsAndCounts() throws {
        let server = try TestHTTPServer(routes: [
            "/list": .json(#"[{"name":"Ann"},{"name":7},{"x":1}]"#),
            "/bad": .json(#"[{"x":1}]"#),
            "/none": .json("[]"),
        ])
        defer { server.stop() }
        let folder = TemporaryFolder()
        let flow: ResourceFlow<DecodedArray<Author>> = createFlow(baseURL: server.baseURL, configuration: configuration(folder))
        #expect(result(flow.fetchFromNetwork(Resource(path: "list"))).elements == [DecodedArray([Author(name: "Ann")], droppedCount: 2)])
        #expect(result(flow.fetchFromNetwork(Resource(path: "bad"))).elements == [DecodedArray([], droppedCount: 1)])
        #expect(result(flow.fetchFromNetwork(Resource(path: "none"))).elements == [DecodedArray([], droppedCount: 0)])
    }

    @Test func malformedJSONIsADecodingError() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(#"{"name": "#)])
        defer { server.stop() }
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(TemporaryFolder()))
        guard case .decoding? = result(flow.fetch(Resource(path: "a"))).error else {
            Issue.record("expected a decoding error")
            return
        }
    }

    @Test func serverNotRunningIsConnectionRefused() throws {
        let port = try RefusingPort()
        let flow: ResourceFlow<Author> = createFlow(baseURL: port.baseURL, configuration: configuration(TemporaryFolder()))
        let error = result(flow.fetch(Resource(path: "a"))).error
        #expect(error?.isConnectionRefused == true, "got \(String(describing: error))")
    }

    @Test func slowServerTimesOut() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann, delay: 5)])
        defer { server.stop() }
        var settings = configuration(TemporaryFolder())
        settings.timeout = 0.3
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: settings)
        #expect(result(flow.fetchFromNetwork(Resource(path: "a"))).error?.isTimeout == true)
    }

    @Test func disposingTheFetchCancelsTheRequest() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann, delay: 5)])
        defer { server.stop() }
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: configuration(TemporaryFolder()))
        let recorder = Recorder<Author, FlowError>()
        let disposable = flow.fetch(Resource(path: "a")).observe(with: recorder.observer)
        #expect(server.wait { requests, _ in requests.count == 1 })
        disposable.dispose()
        #expect(server.wait { _, disconnects in disconnects == 1 })
        #expect(recorder.events.isEmpty)
    }

    @Test func unreachableHostIsATypedErrorAndSendsNothing() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann)])
        defer { server.stop() }
        var settings = configuration(TemporaryFolder())
        settings.reachability = Reachability { _ in false }
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL, configuration: settings)
        #expect(result(flow.fetch(Resource(path: "a"))).error == .notReachable(host: "127.0.0.1"))
        #expect(server.requests.isEmpty)
    }

    @Test func persistenceCanBeDisabled() throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann)])
        defer { server.stop() }
        let flow: ResourceFlow<Author> = createFlow(baseURL: server.baseURL)
        _ = result(flow.fetch(Resource(path: "a")))
        _ = result(flow.fetch(Resource(path: "a")))
        #expect(server.requests == ["/a", "/a"])
        #expect(result(flow.loadFromPersistence()).error == .persistenceDisabled)
    }

    @Test(arguments: [true, false])
    func anUnwritableCacheStillDeliversTheNetworkValueAndReportsTheSaveFailure(waitsForSave: Bool) throws {
        let server = try TestHTTPServer(routes: ["/a": .json(ann)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        // A regular file where the cache folder should be: nothing can be saved under it.
        let blocker = folder.url.appendingPathComponent("cache")
        try Data().write(to: blocker)
        let reported = Box<[FlowError]>([])
        let flow: ResourceFlow<Author> = createFlow(
            baseURL: server.baseURL,
            configuration: FlowConfiguration(
                persistence: .enabled(folder: blocker, fileName: "author.json"), waitsForSave: waitsForSave,
                onSaveFailure: { error in reported.mutate { $0.append(error) } }, timeout: 10))
        #expect(result(flow.fetch(Resource(path: "a"))).events == [.next(Author(name: "Ann")), .completed])
        // Not waiting for the save, the report may come just after the value.
        let deadline = Date(timeIntervalSinceNow: 10)
        while reported.value.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(reported.value.count == 1)
        guard case .persistenceFailed? = reported.value.first else {
            Issue.record("expected persistenceFailed, got \(reported.value)")
            return
        }
    }

    @Test func manyConcurrentFetchesOfOneResourceLeaveAnIntactFile() throws {
        let list = "[" + (0..<300).map { #"{"name":"author \#($0)"}"# }.joined(separator: ",") + "]"
        let server = try TestHTTPServer(routes: ["/list": .json(list)])
        defer { server.stop() }
        let folder = TemporaryFolder()
        let flow: ResourceFlow<DecodedArray<Author>> = createFlow(baseURL: server.baseURL, configuration: configuration(folder))
        let store = DiskStore<[Author]>(folder: folder.url, fileName: "author.json")
        let counts = Box<[Int]>([])
        let torn = Box(0)
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            if index % 3 == 0, case .corruptFile? = result(store.load()).error { torn.mutate { $0 += 1 } }
            let fetched = result(flow.fetchFromNetwork(Resource(path: "list")))
            counts.mutate { $0.append(fetched.elements.first?.elements.count ?? -1) }
        }
        #expect(counts.value == Array(repeating: 300, count: 24))
        #expect(torn.value == 0)
        #expect(result(store.load()).elements.first?.count == 300)
    }
}
