import LoopbackHTTP
import Foundation
import LoadingState
import Testing
@testable import Demo
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("DemoTests-\(UUID().uuidString)", isDirectory: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite struct MovieBrowserTests {
    typealias Lines = ReadmeTourTests.Lines

    /// Runs the demo in-process with `options`; returns the exit status and the printed lines.
    static func run(_ options: DemoOptions) -> (status: Int32, lines: [String], errors: [String]) {
        let lines = Lines()
        let errors = Lines()
        let status = DemoApp.run(options, output: { lines.append($0) }, errorOutput: { errors.append($0) })
        return (status, lines.all.flatMap { $0.components(separatedBy: "\n") }, errors.all)
    }

    static func header(cache: URL, failures: String = "; page 3 answers HTTP 500 once") -> [String] {
        [
            "ReactiveToolkit demo: a movie catalogue browser",
            "  paging: FeedbackLoop system · app state: StoreKitLite store + LoggingMiddleware · "
                + "pages: LoadingState resource flow (disk, then network)",
            "  catalogue: built in (60 movies, 20 per page), served over loopback HTTP by the demo\(failures)",
            "  cache: \(cache.path)",
        ]
    }

    @Test func scriptedRunPrintsTheScenario() {
        let cache = TemporaryFolder()
        let (status, lines, errors) = Self.run(DemoOptions(cacheFolder: cache.url))
        #expect(status == 0)
        #expect(errors.isEmpty)
        let expected =
            Self.header(cache: cache.url)
                + """
                  store: ready  ⇒  on screen 0 · pages from network 0, from cache 0 · failures 0 · ★ none
                ▶ next page
                  initial  →  paging(page 1)
                  paging(page 1)  →  loadedPage(20 movies, page 1 of 3, from network)
                      #1 The Kid (1921) · #2 Nosferatu (1922) · … 18 more
                  store: pageLoaded(page 1, from network)  ⇒  on screen 20 · pages from network 1, from cache 0 · failures 0 · ★ none
                ▶ next page
                  loadedPage(20 movies, page 1 of 3, from network)  →  paging(page 2)
                  paging(page 2)  →  loadedPage(40 movies, page 2 of 3, from network)
                      #21 Bringing Up Baby (1938) · #22 The Rules of the Game (1939) · … 18 more
                  store: pageLoaded(page 2, from network)  ⇒  on screen 40 · pages from network 2, from cache 0 · failures 0 · ★ none
                ▶ star movie #21
                  store: favourite(Bringing Up Baby)  ⇒  on screen 40 · pages from network 2, from cache 0 · failures 0 · ★ Bringing Up Baby
                ▶ next page
                  loadedPage(40 movies, page 2 of 3, from network)  →  paging(page 3)
                  paging(page 3)  →  error(page 3: HTTP 500)
                  store: loadFailed(page 3: HTTP 500)  ⇒  on screen 40 · pages from network 2, from cache 0 · failures 1 · ★ Bringing Up Baby
                ▶ retry
                  error(page 3: HTTP 500)  →  retry(page 3)
                  retry(page 3)  →  loadedPage(60 movies, page 3 of 3, from network)
                      #41 Tokyo Story (1953) · #42 Seven Samurai (1954) · … 18 more
                  store: pageLoaded(page 3, from network)  ⇒  on screen 60 · pages from network 3, from cache 0 · failures 1 · ★ Bringing Up Baby
                ▶ refresh
                  loadedPage(60 movies, page 3 of 3, from network)  →  refreshing(page 1)
                  refreshing(page 1)  →  refreshed(20 movies, page 1 of 3, from network)
                      #1 The Kid (1921) · #2 Nosferatu (1922) · … 18 more
                  store: refreshed(from network)  ⇒  on screen 20 · pages from network 4, from cache 0 · failures 1 · ★ Bringing Up Baby
                pages cached in \(cache.url.path): the next run with --cache \(cache.url.path) loads them from disk
                """.components(separatedBy: "\n")
        #expect(lines == expected)
    }

    @Test func theReadmeExcerptIsWhatTheDemoPrints() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let excerpt = try #require(
            readme.components(separatedBy: "```text\n▶ next page\n").dropFirst().first?
                .components(separatedBy: "\n```").first)
        let cache = TemporaryFolder()
        let lines = Self.run(DemoOptions(cacheFolder: cache.url)).lines
        let excerptLines = ["▶ next page"] + excerpt.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "  loadedPage(40 movies, page 2 of 3, from network)  →  paging(page 3)"))
        #expect(Array(lines[(start - 1)..<min(start - 1 + excerptLines.count, lines.count)]) == excerptLines)
    }

    @Test func aSecondRunLoadsThePagesFromTheCache() {
        let cache = TemporaryFolder()
        #expect(Self.run(DemoOptions(cacheFolder: cache.url)).status == 0)
        let (status, lines, _) = Self.run(DemoOptions(cacheFolder: cache.url))
        #expect(status == 0)
        let transitions = lines.filter { $0.contains("→") }
        #expect(
            transitions == [
                "  initial  →  paging(page 1)",
                "  paging(page 1)  →  loadedPage(20 movies, page 1 of 3, from cache)",
                "  loadedPage(20 movies, page 1 of 3, from cache)  →  paging(page 2)",
                "  paging(page 2)  →  loadedPage(40 movies, page 2 of 3, from cache)",
                "  loadedPage(40 movies, page 2 of 3, from cache)  →  paging(page 3)",
                "  paging(page 3)  →  loadedPage(60 movies, page 3 of 3, from cache)",
                "  loadedPage(60 movies, page 3 of 3, from cache)  →  refreshing(page 1)",
                "  refreshing(page 1)  →  refreshed(20 movies, page 1 of 3, from network)",
            ])
        #expect(lines.contains("  (nothing to retry)"))
        #expect(
            lines.last { $0.hasPrefix("  store:") } == "  store: refreshed(from network)  ⇒  on screen 20 · "
                + "pages from network 1, from cache 3 · failures 0 · ★ Bringing Up Baby")
    }

    @Test func aServerReleasedWithoutStopEndsItsAcceptLoop() throws {
        var server: CatalogueServer? = try CatalogueServer()
        let core = try #require(server?.core)
        weak let released = server
        server = nil
        #expect(released == nil)  // its threads hold the core, not the server
        #expect(core.acceptLoopHasEnded)  // deinit stopped the loop and waited for it
    }

    @Test func cachedPagesAreNotRequestedAgain() throws {
        let cache = TemporaryFolder()
        let first = try CatalogueServer()
        let browser = MovieBrowser(loader: PageLoader(baseURL: first.baseURL, cacheFolder: cache.url), output: { _ in })
        browser.start()
        #expect(browser.perform(.nextPage))
        browser.stop()
        #expect(first.requests == ["/movies?page=1"])

        let second = try CatalogueServer()
        let again = MovieBrowser(loader: PageLoader(baseURL: second.baseURL, cacheFolder: cache.url), output: { _ in })
        again.start()
        #expect(again.perform(.nextPage))
        #expect(again.state.context.source == .cache)
        #expect(again.state.context.movies == Catalogue.page(1)?.results)
        #expect(second.requests.isEmpty)
        #expect(again.perform(.refresh))
        #expect(again.state.context.source == .network)
        #expect(second.requests == ["/movies?page=1"])
        again.stop()
    }

    @Test func anInjectedFailureGoesErrorRetryLoadedPage() throws {
        let cache = TemporaryFolder()
        let server = try CatalogueServer(failures: FailureInjection(failPage: 1))
        let browser = MovieBrowser(loader: PageLoader(baseURL: server.baseURL, cacheFolder: cache.url), output: { _ in })
        browser.start()
        #expect(browser.perform(.nextPage))
        #expect(browser.state.lastError == LoadError(request: .page(1), reason: .httpStatus(500, body: Data(#"{"error":"injected failure"}"#.utf8))))
        #expect(browser.appState.failures == 1)
        #expect(browser.perform(.retry))
        #expect(
            browser.history.map(\.description) == [
                "initial",
                "paging(page 1)",
                "error(page 1: HTTP 500)",
                "retry(page 1)",
                "loadedPage(20 movies, page 1 of 3, from network)",
            ])
        #expect(server.requests == ["/movies?page=1", "/movies?page=1"])
        browser.stop()
    }

    @Test func badJSONIsAnErrorState() throws {
        let cache = TemporaryFolder()
        let server = try CatalogueServer(failures: FailureInjection(badJSONPage: 1))
        let browser = MovieBrowser(loader: PageLoader(baseURL: server.baseURL, cacheFolder: cache.url), output: { _ in })
        browser.start()
        #expect(browser.perform(.nextPage))
        guard case .error(let error, let context) = browser.state, case .decoding = error.reason else {
            Issue.record("expected a decoding error, got \(browser.state)")
            return
        }
        #expect(error.request == .page(1))
        #expect(context.movies.isEmpty)
        #expect(browser.state.description == "error(page 1: invalid JSON)")
        // Nothing was cached: the retry goes to the network again and succeeds.
        #expect(browser.perform(.retry))
        #expect(browser.state.context.movies.count == 20)
        browser.stop()
    }

    @Test func anUnreachableServerIsAnErrorStateNotACrash() throws {
        // A port that is bound but not listening: connecting is refused.
        let socket = try LoopbackSocket.boundSocket()
        defer { close(socket.fd) }
        let cache = TemporaryFolder()
        let url = try #require(URL(string: "http://127.0.0.1:\(socket.port)/"))
        let options = DemoOptions(cacheFolder: cache.url, baseURL: url)
        let (status, lines, _) = Self.run(options)
        #expect(status == 1)
        #expect(lines.contains("  paging(page 1)  →  error(page 1: cannot connect to the server)"))
        #expect(lines.contains("  refreshing(page 1)  →  error(refresh: cannot connect to the server)"))
        #expect(lines.contains("ended in an error state"))
    }

    @Test func nextPageStopsAtTheLastPage() throws {
        let cache = TemporaryFolder()
        let server = try CatalogueServer()
        let lines = Lines()
        let browser = MovieBrowser(
            loader: PageLoader(baseURL: server.baseURL, cacheFolder: cache.url), output: { lines.append($0) })
        browser.start()
        for _ in 1...4 { #expect(browser.perform(.nextPage)) }
        #expect(browser.state.context.movies == Catalogue.movies)
        #expect(lines.all.last == "  (no more pages: all 60 movies are on screen)")
        #expect(server.requests.count == 3)
        browser.stop()
    }

    @Test func theReducerIgnoresEventsThatDoNotFit() {
        let loaded = PagingState.loadedPage(
            context: PagingContext(
                batch: Catalogue.page(3) ?? .empty, movies: Catalogue.movies, source: .network))
        let page = LoadedPage(page: Catalogue.page(1) ?? .empty, source: .network)
        #expect(PagingState.reduce(state: loaded, event: .startLoadingNextPage) == loaded)  // no page 4
        #expect(PagingState.reduce(state: loaded, event: .retry) == loaded)  // no error
        #expect(PagingState.reduce(state: loaded, event: .response(page)) == loaded)  // nobody asked
        #expect(PagingState.reduce(state: .initial, event: .failed(.notPersisted)) == .initial)
        guard case .refreshing(let context) = PagingState.reduce(state: loaded, event: .refresh) else {
            Issue.record("refresh should start refreshing")
            return
        }
        #expect(
            PagingState.reduce(state: .refreshing(context: context), event: .response(page))
                == .refreshed(context: PagingContext(batch: page.page, movies: page.page.results, source: .network)))
    }

    @Test func commandLine() {
        #expect(DemoOptions.parse([]) == .success(DemoOptions()))
        #expect(DemoOptions().failures == FailureInjection(failPage: 3))
        #expect(DemoOptions.parse(["--fail-page", "0"]).map(\.failures) == .success(FailureInjection()))
        #expect(DemoOptions.parse(["--interactive"]).map(\.failures) == .success(FailureInjection()))
        #expect(DemoOptions.parse(["tour"]) == .success(DemoOptions(mode: .tour)))
        #expect(DemoOptions.parse(["--help"]) == .success(DemoOptions(mode: .help)))
        #expect(
            DemoOptions.parse(["--cache", "/tmp/x", "--bad-json-page", "2"])
                == .success(DemoOptions(cacheFolder: URL(fileURLWithPath: "/tmp/x", isDirectory: true), badJSONPage: 2)))
        for bad in [
            ["--bogus"], ["--cache"], ["--fail-page", "x"], ["--fail-page", "-1"], ["--base-url", "nope"],
            ["--base-url", "http://example.com", "--fail-page", "2"], ["tour", "--cache", "x"],
            ["tour", "--interactive"],
        ] {
            #expect(throws: DemoOptions.UsageError.self, "\(bad)") { try DemoOptions.parse(bad).get() }
        }
        let errors = Lines()
        #expect(DemoApp.run(arguments: ["--nope"], output: { _ in }, errorOutput: { errors.append($0) }) == 2)
        #expect(errors.all == ["demo: unknown argument: --nope", DemoOptions.usage])
        let help = Lines()
        #expect(DemoApp.run(arguments: ["--help"], output: { help.append($0) }, errorOutput: { _ in }) == 0)
        #expect(help.all == [DemoOptions.usage])
    }

    @Test func tourStillRuns() {
        let lines = Lines()
        #expect(DemoApp.run(arguments: ["tour"], output: { lines.append($0) }, errorOutput: { _ in }) == 0)
        #expect(lines.all.first == "even square: 4")
        #expect(lines.all.last == "taps: 2")
    }

    @Test func interactiveKeys() throws {
        let cache = TemporaryFolder()
        let keys = LockedKeys(["n", "s 2", "x", "r", "f", "q", "n"])
        let lines = Lines()
        let status = DemoApp.run(
            DemoOptions(mode: .interactive, cacheFolder: cache.url),
            output: { lines.append($0) }, errorOutput: { _ in }, readLine: { keys.next() })
        #expect(status == 0)
        let all = lines.all
        #expect(all.contains("  paging(page 1)  →  loadedPage(20 movies, page 1 of 3, from network)"))
        #expect(all.contains { $0.hasPrefix("  store: favourite(Nosferatu)") })
        #expect(all.contains("  (nothing to retry)"))
        #expect(all.contains("  refreshing(page 1)  →  refreshed(20 movies, page 1 of 3, from network)"))
        #expect(keys.remaining == ["n"])  // stopped reading at q
    }
}

/// Typed lines for the interactive test.
final class LockedKeys: @unchecked Sendable {
    // @unchecked Sendable: only used from the test's thread (the demo reads input on the caller's thread).
    private var keys: [String]
    init(_ keys: [String]) { self.keys = keys }
    func next() -> String? { keys.isEmpty ? nil : keys.removeFirst() }
    var remaining: [String] { keys }
}
