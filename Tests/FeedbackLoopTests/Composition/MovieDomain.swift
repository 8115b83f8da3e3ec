import TestSupport
import FeedbackLoop
import StreamCore
import StreamCoreTesting

// The movie paging example of the ReactiveFeedback README (the seed), with value types that are
// Equatable and Sendable, and an API faked on virtual time.

struct Movie: Equatable, Sendable {
    let id: Int
    let title: String
}

struct Results: Equatable, Sendable {
    var page: Int
    var totalResults: Int
    var totalPages: Int
    var results: [Movie]

    static let empty = Results(page: 0, totalResults: 0, totalPages: 0, results: [])

    static func page(_ page: Int) -> Results {
        Results(
            page: page, totalResults: 6, totalPages: 3,
            results: [Movie(id: page * 2 - 1, title: "Movie \(page * 2 - 1)"), Movie(id: page * 2, title: "Movie \(page * 2)")]
        )
    }
}

struct MovieContext: Equatable, Sendable {
    var batch: Results
    var movies: [Movie]

    static let empty = MovieContext(batch: .empty, movies: [])
}

struct APIError: Error, Equatable, Sendable {
    let message: String
}

enum MovieState: Equatable, Sendable {
    case initial
    case paging(context: MovieContext)
    case loadedPage(context: MovieContext)
    case refreshing(context: MovieContext)
    case refreshed(context: MovieContext)
    case error(error: APIError, context: MovieContext)
    case retry(context: MovieContext)

    var context: MovieContext {
        switch self {
        case .initial: .empty
        case .paging(let context), .loadedPage(let context), .refreshing(let context), .refreshed(let context),
            .error(_, let context), .retry(let context):
            context
        }
    }

    var isPaging: Bool {
        if case .paging = self { true } else { false }
    }

    var nextPage: Int? {
        switch self {
        case .paging(let context), .refreshed(let context): context.batch.page + 1
        default: nil
        }
    }

    var retryPage: Int? {
        if case .retry(let context) = self { context.batch.page + 1 } else { nil }
    }

    var lastError: APIError? {
        if case .error(let error, _) = self { error } else { nil }
    }

    /// The seed's reducer.
    static func reduce(state: MovieState, event: MovieEvent) -> MovieState {
        switch event {
        case .startLoadingNextPage:
            return .paging(context: state.context)
        case .response(let batch):
            var copy = state.context
            copy.batch = batch
            copy.movies += batch.results
            return .loadedPage(context: copy)
        case .failed(let error):
            return .error(error: error, context: state.context)
        case .retry:
            return .retry(context: state.context)
        }
    }
}

enum MovieEvent: Equatable, Sendable {
    case startLoadingNextPage
    case response(Results)
    case failed(APIError)
    case retry
}

/// A movie API answering after `latency` on a test scheduler, with scripted answers per page.
final class FakeMovieAPI: Sendable {
    let scheduler: TestScheduler
    let latency: Duration
    private let script: Box<[Int: [Result<Results, APIError>]]>
    /// The pages requested, in order (one entry per subscription).
    let requests = Box<[Int]>([])
    /// The pages whose request was cancelled before answering.
    let cancellations = Box<[Int]>([])

    init(scheduler: TestScheduler, latency: Duration = .seconds(1), script: [Int: [Result<Results, APIError>]] = [:]) {
        self.scheduler = scheduler
        self.latency = latency
        self.script = Box(script)
    }

    func fetchMovies(page: Int) -> Signal<Results, APIError> {
        Signal { [self] observer in
            requests.mutate { $0.append(page) }
            let answer: Result<Results, APIError> = script.mutate { script in
                guard var answers = script[page], !answers.isEmpty else { return .success(.page(page)) }
                let first = answers.removeFirst()
                script[page] = answers
                return first
            }
            let answered = Box(false)
            let timer = scheduler.schedule(after: latency) {
                answered.value = true
                switch answer {
                case .success(let results): observer.receive(lastElement: results)
                case .failure(let error): observer.receive(completion: .failure(error))
                }
            }
            return BlockDisposable { [self] in
                timer.dispose()
                if !answered.value { cancellations.mutate { $0.append(page) } }
            }
        }
    }
}

/// The seed's feedbacks.
enum MovieFeedbacks {
    static func loadNext(nearBottom: Signal<Void, Never>) -> Feedback<MovieState, MovieEvent> {
        Feedback(predicate: { !$0.isPaging }) { _ in
            nearBottom.map { MovieEvent.startLoadingNextPage }
        }
        .named("loadNext")
    }

    static func paging(api: FakeMovieAPI) -> Feedback<MovieState, MovieEvent> {
        Feedback(skippingRepeated: { $0.nextPage }) { nextPage in
            api.fetchMovies(page: nextPage)
                .map(MovieEvent.response)
                .flatMapError { error in Signal<MovieEvent, Never>(just: .failed(error)) }
        }
        .named("paging")
    }

    static func retry(retrySignal: Signal<Void, Never>) -> Feedback<MovieState, MovieEvent> {
        Feedback(skippingRepeated: { $0.lastError }) { _ in
            retrySignal.map { MovieEvent.retry }
        }
        .named("retry")
    }

    static func retryPaging(api: FakeMovieAPI) -> Feedback<MovieState, MovieEvent> {
        Feedback(skippingRepeated: { $0.retryPage }) { nextPage in
            api.fetchMovies(page: nextPage)
                .map(MovieEvent.response)
                .flatMapError { error in Signal<MovieEvent, Never>(just: .failed(error)) }
        }
        .named("retryPaging")
    }

    static func all(
        api: FakeMovieAPI, nearBottom: Signal<Void, Never>, retry: Signal<Void, Never>
    )
        -> [Feedback<MovieState, MovieEvent>]
    {
        [loadNext(nearBottom: nearBottom), paging(api: api), self.retry(retrySignal: retry), retryPaging(api: api)]
    }
}

extension MovieContext {
    /// The context after pages `1...last` loaded.
    static func loaded(through last: Int) -> MovieContext {
        MovieContext(batch: .page(last), movies: (1...last).flatMap { Results.page($0).results })
    }
}
