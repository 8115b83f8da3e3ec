import Foundation

/// The command line: `demo [tour] [--interactive] [--cache DIR] [--base-url URL]
/// [--fail-page N] [--bad-json-page N] [--help]`.
struct DemoOptions: Sendable, Equatable {
    enum Mode: Sendable, Equatable {
        case scripted
        case interactive
        case tour
        case help
    }

    var mode = Mode.scripted
    /// Where pages are stored; `nil`: a temporary folder, removed at exit.
    var cacheFolder: URL?
    /// A real catalogue API; `nil`: the embedded server.
    var baseURL: URL?
    /// The embedded server's HTTP 500 page; `nil`: page 3 in the scripted run, none otherwise.
    var failPage: Int?
    /// The embedded server's invalid-JSON page.
    var badJSONPage: Int?

    /// The failures the embedded server injects.
    var failures: FailureInjection {
        let fail = failPage ?? (mode == .scripted ? 3 : 0)
        return FailureInjection(failPage: fail > 0 ? fail : nil, badJSONPage: badJSONPage.flatMap { $0 > 0 ? $0 : nil })
    }

    static let usage = """
        usage: swift run demo [--interactive] [--cache DIR] [--base-url URL]
                              [--fail-page N] [--bad-json-page N]
               swift run demo tour
               swift run demo --help

        A movie catalogue browser in the terminal: a FeedbackLoop paging loop, a StoreKitLite
        store with a LoggingMiddleware, and pages loaded through a LoadingState resource flow
        that keeps each page on disk and falls back to the network.

          (no mode)          scripted run: next page ×2, star a movie, next page (fails once),
                             retry, refresh; prints each state transition; exits 0
          --interactive      keys: n next page, r retry, f refresh, s N star movie N, q quit
          tour               the README's StreamCore tour
          --cache DIR        keep pages in DIR (a second run loads them from disk); default:
                             a temporary folder removed at exit
          --base-url URL     use a real API instead of the embedded catalogue:
                             GET URL/movies?page=N (from 1) answering
                             {"page": 1, "total_pages": 3, "total_results": 60,
                              "results": [{"id": 1, "title": "The Kid", "year": 1921}, …]}
          --fail-page N      the embedded server answers HTTP 500 for page N, once
                             (scripted default: 3; 0 turns it off)
          --bad-json-page N  the embedded server answers invalid JSON for page N, once
          -h, --help         this text
        """

    /// A command-line mistake; the message goes before the usage.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String]) -> Result<DemoOptions, UsageError> {
        var options = DemoOptions()
        var remaining = arguments[...]
        var sawMode = false
        func value(for flag: String) -> Result<String, UsageError> {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                return .failure(UsageError(message: "\(flag) needs a value"))
            }
            return .success(value)
        }
        func page(for flag: String) -> Result<Int, UsageError> {
            value(for: flag).flatMap { text in
                guard let number = Int(text), number >= 0 else {
                    return .failure(UsageError(message: "\(flag) needs a page number, not \(text)"))
                }
                return .success(number)
            }
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return .success(DemoOptions(mode: .help))
            case "tour", "--interactive", "-i":
                guard !sawMode else { return .failure(UsageError(message: "choose one of tour and --interactive")) }
                sawMode = true
                options.mode = argument == "tour" ? .tour : .interactive
            case "--cache":
                switch value(for: argument) {
                case .success(let path): options.cacheFolder = URL(fileURLWithPath: path, isDirectory: true)
                case .failure(let error): return .failure(error)
                }
            case "--base-url":
                switch value(for: argument) {
                case .success(let text):
                    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                        url.host?.isEmpty == false
                    else { return .failure(UsageError(message: "--base-url needs an http(s) URL, not \(text)")) }
                    options.baseURL = url
                case .failure(let error): return .failure(error)
                }
            case "--fail-page":
                switch page(for: argument) {
                case .success(let number): options.failPage = number
                case .failure(let error): return .failure(error)
                }
            case "--bad-json-page":
                switch page(for: argument) {
                case .success(let number): options.badJSONPage = number
                case .failure(let error): return .failure(error)
                }
            default:
                return .failure(UsageError(message: "unknown argument: \(argument)"))
            }
        }
        if options.baseURL != nil, options.failPage != nil || options.badJSONPage != nil {
            return .failure(UsageError(message: "--fail-page and --bad-json-page apply to the embedded catalogue, not --base-url"))
        }
        if options.mode == .tour, options != DemoOptions(mode: .tour) {
            return .failure(UsageError(message: "tour takes no options"))
        }
        return .success(options)
    }
}
