import Foundation
import LoadingState
import StreamCore

/// Loads catalogue pages through LoadingState resource flows: one flow per page, each stored in
/// its own JSON file in the cache folder (MOReactor's flow: persisted and valid? use it; else the
/// network, then save).
struct PageLoader: Sendable {
    /// The catalogue API (`GET <baseURL>/movies?page=N`).
    let connection: any Connection
    /// Where pages are stored (`movies-page-N.json`).
    let cacheFolder: URL
    /// How long a stored page stays valid, in seconds.
    let maxAge: TimeInterval
    /// The request timeout, in seconds.
    let timeout: TimeInterval

    init(baseURL: URL, cacheFolder: URL, timeout: TimeInterval = 10, maxAge: TimeInterval = 3600) {
        connection = URLSessionConnection(baseURL: baseURL, timeout: timeout)
        self.cacheFolder = cacheFolder
        self.maxAge = maxAge
        self.timeout = timeout
    }

    /// The resource for page `number`.
    static func resource(page number: Int) -> Resource {
        Resource(path: "movies", query: ["page": "\(number)"], headers: ["Accept": "application/json"])
    }

    /// The flow for page `number`: the default flow for `MoviePage`, with each part wrapped to
    /// say where the page came from (a flow's parts are `var`s meant to be wrapped).
    func flow(page number: Int) -> ResourceFlow<LoadedPage> {
        let configuration = FlowConfiguration(
            persistence: .enabled(folder: cacheFolder, fileName: "movies-page-\(number).json", maxAge: maxAge),
            timeout: timeout)
        let pages: ResourceFlow<MoviePage> = createFlow(connection: connection, configuration: configuration)
        return ResourceFlow(
            network: { resource in pages.network(resource).map { LoadedPage(page: $0, source: .network) } },
            loadFromPersistence: { pages.loadFromPersistence().map { LoadedPage(page: $0, source: .cache) } },
            saveToPersistence: { loaded in pages.saveToPersistence(loaded.page).map { _ in loaded } },
            waitsForSave: pages.waitsForSave,
            onSaveFailure: pages.onSaveFailure)
    }

    /// Loads what the loop asked for: a page from disk or else the network, or (refresh) page 1
    /// from the network. Never fails: errors become `.failed` events.
    func load(_ request: PageRequest) -> Signal<PagingEvent, Never> {
        let loaded: Signal<LoadedPage, FlowError>
        switch request {
        case .page(let number):
            loaded = flow(page: number).fetch(Self.resource(page: number))
        case .refresh:
            loaded = flow(page: 1).fetchFromNetwork(Self.resource(page: 1))
        }
        return
            loaded
            .map { PagingEvent.response($0) }
            .flatMapError { Signal<PagingEvent, Never>(just: .failed($0)) }
    }
}
