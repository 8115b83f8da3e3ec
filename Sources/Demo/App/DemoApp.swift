import Foundation

/// `swift run demo`: parses the command line and runs the scripted scenario, the interactive
/// browser or the README tour. Everything prints through the given closures, so tests run it
/// in-process.
enum DemoApp {
    /// The scripted scenario: what the user does, in order.
    static let scenario: [(title: String, command: MovieBrowser.Command)] = [
        ("next page", .nextPage),
        ("next page", .nextPage),
        ("star movie #21", .favourite(21)),
        ("next page", .nextPage),
        ("retry", .retry),
        ("refresh", .refresh),
    ]

    /// Runs the demo for command-line arguments (without the program name).
    ///
    /// - Returns: The exit status: 0 on success, 1 when the run ended in an error state or could
    ///   not start, 2 for bad arguments.
    static func run(
        arguments: [String],
        output: @escaping @Sendable (String) -> Void,
        errorOutput: @escaping @Sendable (String) -> Void,
        readLine: () -> String? = { nil }
    ) -> Int32 {
        switch DemoOptions.parse(arguments) {
        case .failure(let error):
            errorOutput("demo: \(error.message)")
            errorOutput(DemoOptions.usage)
            return 2
        case .success(let options):
            return run(options, output: output, errorOutput: errorOutput, readLine: readLine)
        }
    }

    /// Runs the demo with parsed options.
    static func run(
        _ options: DemoOptions,
        output: @escaping @Sendable (String) -> Void,
        errorOutput: @escaping @Sendable (String) -> Void,
        readLine: () -> String? = { nil }
    ) -> Int32 {
        switch options.mode {
        case .help:
            output(DemoOptions.usage)
            return 0
        case .tour:
            Tour.run(print: output)
            return 0
        case .scripted, .interactive:
            break
        }

        let cache =
            options.cacheFolder
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("ReactiveToolkitDemo-\(UUID().uuidString)", isDirectory: true)
        defer {
            if options.cacheFolder == nil { try? FileManager.default.removeItem(at: cache) }
        }
        let server: CatalogueServer?
        let baseURL: URL
        if let url = options.baseURL {
            server = nil
            baseURL = url
        } else {
            do {
                let embedded = try CatalogueServer(failures: options.failures)
                server = embedded
                baseURL = embedded.baseURL
            } catch {
                errorOutput("demo: cannot start the embedded catalogue server: \(error)")
                return 1
            }
        }
        defer { server?.stop() }

        for line in header(options) { output(line) }
        let browser = MovieBrowser(loader: PageLoader(baseURL: baseURL, cacheFolder: cache), output: output)
        browser.start()
        defer { browser.stop() }

        let finished: Bool
        if options.mode == .interactive {
            finished = interactive(browser, output: output, readLine: readLine)
        } else {
            finished = scenario.allSatisfy { step in
                output("▶ \(step.title)")
                return browser.perform(step.command)
            }
        }
        if let folder = options.cacheFolder {
            output("pages cached in \(folder.path): the next run with --cache \(folder.path) loads them from disk")
        }
        if !finished { return 1 }
        if case .error = browser.state {
            output("ended in an error state")
            return 1
        }
        return 0
    }

    /// What the run is made of, and where the catalogue and the cache are.
    static func header(_ options: DemoOptions) -> [String] {
        var catalogue: String
        if let url = options.baseURL {
            let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
            catalogue = "catalogue: \(base)/movies?page=N"
        } else {
            catalogue =
                "catalogue: built in (\(Catalogue.movies.count) movies, \(Catalogue.pageSize) per page), "
                + "served over loopback HTTP by the demo"
            let failures = options.failures
            if let page = failures.failPage { catalogue += "; page \(page) answers HTTP 500 once" }
            if let page = failures.badJSONPage { catalogue += "; page \(page) answers invalid JSON once" }
        }
        let cache =
            options.cacheFolder.map { "cache: \($0.path)" }
            ?? "cache: a temporary folder, removed at exit (--cache DIR keeps it)"
        return [
            "ReactiveToolkit demo: a movie catalogue browser",
            "  paging: FeedbackLoop system · app state: StoreKitLite store + LoggingMiddleware · "
                + "pages: LoadingState resource flow (disk, then network)",
            "  " + catalogue,
            "  " + cache,
        ]
    }

    /// Reads commands until `q` or the end of input.
    ///
    /// - Returns: `false` when the loop stopped answering.
    static func interactive(
        _ browser: MovieBrowser, output: @Sendable (String) -> Void, readLine: () -> String?
    ) -> Bool {
        output("keys (then return): n next page · r retry · f refresh · s N star movie N · q quit")
        while let line = readLine() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let command: MovieBrowser.Command
            switch words.first?.lowercased() {
            case nil: continue
            case "q": return true
            case "n": command = .nextPage
            case "r": command = .retry
            case "f": command = .refresh
            case "s":
                guard words.count == 2, let number = Int(words[1]) else {
                    output("  s needs a movie number, e.g. s 21")
                    continue
                }
                command = .favourite(number)
            default:
                output("  keys: n next page · r retry · f refresh · s N star movie N · q quit")
                continue
            }
            guard browser.perform(command) else { return false }
        }
        return true
    }
}
