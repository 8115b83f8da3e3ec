import StoreKitLite

/// The app's state, kept in a StoreKitLite store: what the user sees and has done, across
/// refreshes (the paging loop only knows the current list).
struct CatalogueState: Sendable, Hashable {
    var moviesOnScreen = 0
    var pagesFromNetwork = 0
    var pagesFromCache = 0
    var failures = 0
    var favourites: [String] = []
}

/// What happens to the app: the loop's outcomes, dispatched as actions, and the user's stars.
enum CatalogueAction: Sendable, Hashable, CustomStringConvertible {
    case pageLoaded(page: Int, movies: Int, source: PageSource)
    case refreshed(movies: Int, source: PageSource)
    case loadFailed(LoadError)
    case favourite(Movie)

    var description: String {
        switch self {
        case .pageLoaded(let page, _, let source): "pageLoaded(page \(page), from \(source.rawValue))"
        case .refreshed(_, let source): "refreshed(from \(source.rawValue))"
        case .loadFailed(let error): "loadFailed(\(error))"
        case .favourite(let movie): "favourite(\(movie.title))"
        }
    }

    /// The action for a state the paging loop reached, if it is an outcome.
    init?(_ state: PagingState) {
        let context = state.context
        switch state {
        case .loadedPage:
            self = .pageLoaded(page: context.batch.page, movies: context.movies.count, source: context.source ?? .network)
        case .refreshed:
            self = .refreshed(movies: context.movies.count, source: context.source ?? .network)
        case .error(let error, _):
            self = .loadFailed(error)
        default:
            return nil
        }
    }
}

extension CatalogueState: CustomStringConvertible {
    var description: String {
        let stars = favourites.isEmpty ? "none" : favourites.joined(separator: ", ")
        return "on screen \(moviesOnScreen) · pages from network \(pagesFromNetwork), from cache \(pagesFromCache)"
            + " · failures \(failures) · ★ \(stars)"
    }
}

enum CatalogueStore {
    /// Both FeedbackLoop and StoreKitLite have a `Reducer`; this is the store's.
    static let reducer = Reducer<CatalogueState, CatalogueAction> { state, action in
        switch action {
        case .pageLoaded(_, let movies, let source), .refreshed(let movies, let source):
            state.moviesOnScreen = movies
            switch source {
            case .network: state.pagesFromNetwork += 1
            case .cache: state.pagesFromCache += 1
            }
        case .loadFailed:
            state.failures += 1
        case .favourite(let movie):
            if !state.favourites.contains(movie.title) { state.favourites.append(movie.title) }
        }
    }

    /// One readable log line per update: `store: <action>  ⇒  <state>`.
    @Sendable
    static func logLine(_ update: StoreUpdate<CatalogueState, CatalogueAction>) -> String {
        let action = update.lastAction.map { "\($0)" } ?? "ready"
        return "  store: \(action)  ⇒  \(update.state)"
    }

    /// A store whose `LoggingMiddleware` writes to `log`, and that middleware: the store does
    /// not retain its observers, and the middleware stops logging when released, so keep it.
    static func make(
        log: @escaping @Sendable (String) -> Void
    ) -> (store: Store<CatalogueState, CatalogueAction>, logger: LoggingMiddleware<CatalogueState, CatalogueAction>) {
        let logger = LoggingMiddleware<CatalogueState, CatalogueAction>(sink: log, format: logLine)
        return (Store(initialState: CatalogueState(), reducer: reducer, observers: [logger]), logger)
    }
}
