import LoadingState

/// Where a page came from: the disk cache or the network.
enum PageSource: String, Sendable, Hashable {
    case cache
    case network
}

/// A page and where it came from.
struct LoadedPage: Sendable, Hashable {
    var page: MoviePage
    var source: PageSource
}

/// What the loop asked the resource flow for.
enum PageRequest: Sendable, Hashable, CustomStringConvertible {
    /// Page N: disk first, then the network (`ResourceFlow.fetch`).
    case page(Int)
    /// Page 1 again, from the network (`ResourceFlow.fetchFromNetwork`), replacing the list.
    case refresh

    var description: String {
        switch self {
        case .page(let number): "page \(number)"
        case .refresh: "refresh"
        }
    }
}

/// A failed request and why.
struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    var request: PageRequest
    var reason: FlowError

    var description: String { "\(request): \(Self.describe(reason))" }

    /// A short, stable description (no ports, no OS messages) for the transcript.
    static func describe(_ error: FlowError) -> String {
        switch error {
        case .httpStatus(let status, _): return "HTTP \(status)"
        case .decoding(let path, _): return path.isEmpty ? "invalid JSON" : "invalid JSON at \(path)"
        case .network(let code, _):
            if error.isConnectionRefused { return "cannot connect to the server" }
            if error.isTimeout { return "timed out" }
            return "network error \(code)"
        case .deadlineExceeded: return "timed out"
        case .responseTooLarge(let limit): return "response larger than \(limit) bytes"
        case .notReachable(let host): return "\(host) is not reachable"
        case .invalidRequest(let message): return "invalid request: \(message)"
        case .encoding: return "cannot encode the page"
        case .persistenceFailed(let path, _): return "cannot write the cache at \(path)"
        case .corruptFile, .expired, .notPersisted, .persistenceDisabled: return "cache unavailable"
        }
    }
}

/// The seed's `Context`: the last page received and every movie shown.
struct PagingContext: Sendable, Hashable {
    var batch = MoviePage.empty
    var movies: [Movie] = []
    /// Where `batch` came from.
    var source: PageSource?
    /// The request in flight, or the one that failed last (what a retry repeats).
    var request: PageRequest?

    static let empty = PagingContext()

    /// Whether there is a page after `batch`.
    var hasMorePages: Bool { batch.page == 0 || batch.page < batch.totalPages }
}

/// The paging loop's states, as in ReactiveFeedback's movies example.
enum PagingState: Sendable, Hashable {
    case initial
    case paging(context: PagingContext)
    case loadedPage(context: PagingContext)
    case refreshing(context: PagingContext)
    case refreshed(context: PagingContext)
    case error(error: LoadError, context: PagingContext)
    case retry(context: PagingContext)

    var context: PagingContext {
        switch self {
        case .initial: .empty
        case .paging(let context), .loadedPage(let context), .refreshing(let context),
            .refreshed(let context), .error(_, let context), .retry(let context):
            context
        }
    }

    /// A request is in flight.
    var isLoading: Bool {
        switch self {
        case .paging, .refreshing, .retry: true
        default: false
        }
    }

    /// The page the paging feedback loads (the seed's `nextPage`).
    var nextPage: Int? {
        if case .paging(let context) = self { return context.batch.page + 1 }
        return nil
    }

    /// The request the retry-paging feedback repeats (the seed's `retryPage`).
    var retryRequest: PageRequest? {
        if case .retry(let context) = self { return context.request }
        return nil
    }

    /// Set while refreshing: the refresh feedback's query.
    var refreshRequest: PageRequest? {
        if case .refreshing = self { return .refresh }
        return nil
    }

    /// The error a retry answers (the seed's `lastError`).
    var lastError: LoadError? {
        if case .error(let error, _) = self { return error }
        return nil
    }
}

/// The paging loop's events (the seed's, plus `refresh`).
enum PagingEvent: Sendable, Hashable {
    case startLoadingNextPage
    case response(LoadedPage)
    case failed(FlowError)
    case retry
    case refresh
}

extension PagingState {
    /// The pure reducer. Events that make no sense in a state (a response nobody waits for, a
    /// retry without an error, a next page past the last one) leave the state as it is.
    static func reduce(state: PagingState, event: PagingEvent) -> PagingState {
        var context = state.context
        switch event {
        case .startLoadingNextPage:
            guard !state.isLoading, context.hasMorePages else { return state }
            context.request = .page(context.batch.page + 1)
            return .paging(context: context)
        case .refresh:
            guard !state.isLoading else { return state }
            context.request = .refresh
            return .refreshing(context: context)
        case .response(let loaded):
            guard state.isLoading else { return state }
            let isRefresh = context.request == .refresh
            context.batch = loaded.page
            context.movies = isRefresh ? loaded.page.results : context.movies + loaded.page.results
            context.source = loaded.source
            context.request = nil
            return isRefresh ? .refreshed(context: context) : .loadedPage(context: context)
        case .failed(let reason):
            guard state.isLoading else { return state }
            let request = context.request ?? .page(context.batch.page + 1)
            return .error(error: LoadError(request: request, reason: reason), context: context)
        case .retry:
            guard case .error = state else { return state }
            return .retry(context: context)
        }
    }
}

extension PagingState: CustomStringConvertible {
    /// One short phrase per state, for the transcript.
    var description: String {
        switch self {
        case .initial:
            return "initial"
        case .paging(let context):
            return "paging(page \(context.batch.page + 1))"
        case .loadedPage(let context):
            return "loadedPage(\(Self.summary(context)))"
        case .refreshing:
            return "refreshing(page 1)"
        case .refreshed(let context):
            return "refreshed(\(Self.summary(context)))"
        case .error(let error, _):
            return "error(\(error))"
        case .retry(let context):
            return "retry(\(context.request?.description ?? "page \(context.batch.page + 1)"))"
        }
    }

    private static func summary(_ context: PagingContext) -> String {
        let source = context.source.map { ", from \($0.rawValue)" } ?? ""
        return "\(context.movies.count) movies, page \(context.batch.page) of \(context.batch.totalPages)\(source)"
    }
}
