import Foundation
import LoadingState
import StreamCore

// The snippets of LoadingState.docc: LoadingStates.md, ResourceFlows.md and LoadingState.md.

enum LoadingStateSnippets {
    struct User: Codable, Sendable { var name: String }
    enum APIError: Error { case offline }

    static func toLoadingSignal() {
        // snippet: LoadingToLoadingSignal
        let show: @Sendable (LoadingState<String, APIError>) -> Void = { state in
            switch state {
            case .loading: print("loading")
            case .loaded(let name): print("loaded", name)
            case .failed(let error): print("failed", error)
            }
        }
        let fetchUser = Signal<String, APIError>(just: "Ada")   // stands in for the network
        _ = fetchUser.toLoadingSignal().observeNext(with: show)
        _ = Signal<String, APIError>.failed(.offline).toLoadingSignal().observeNext(with: show)
        // end
    }

    static func listener() {
        // snippet: LoadingListener
        final class Spinner: LoadingStateListener {
            func setLoadingState<Value, Failure>(_ state: ObservedLoadingState<Value, Failure>) {
                switch state {
                case .loading: print("spinner on")
                case .reloading: print("refresh indicator on")
                case .loaded: print("spinner off")
                case .failed(let error): print("show error:", error)
                }
            }
        }
        let spinner = Spinner()
        _ = Signal<String, APIError>(just: "Ada")
            .toLoadingSignal()
            .consumeLoadingState(by: spinner)        // the listener sees the states…
            .observeNext { print("hello,", $0) }     // …the observer only the values
        // end
    }

    static func property() {
        // snippet: LoadingProperty
        let loads = Property(0)
        let user = LoadingProperty<String, APIError> {
            loads.value += 1
            return Signal(just: "Ada, load \(loads.value)").toLoadingSignal()
        }
        print(user.loadingState)                    // nothing runs before the first observer
        let bag = DisposeBag()
        user.observedStates.observeNext { print($0) }.dispose(in: bag)
        user.reload().observeNext { _ in }.dispose(in: bag)
        // end
    }

    static func observedStates() {
        // snippet: LoadingObservedStates
        let states = PassthroughSubject<LoadingState<Int, APIError>, Never>()
        _ = states.deriveObservedLoadingState().observeNext { print($0) }
        states.send(.loading)
        states.send(.loaded(1))
        states.send(.loading)                    // a load after a result: a reload
        states.send(.loaded(2))
        // end
    }

    static func flows(cachesFolder: URL, api: URL, screen: any LoadingStateListener, log: @escaping @Sendable (FlowError) -> Void) {
        struct Author: Codable, Sendable { var name: String }
        // snippet: ResourceFlowsFetch
        let flow: ResourceFlow<Author> = createFlow(
            baseURL: URL(string: "https://api.example.com/")!,
            configuration: FlowConfiguration(
                persistence: .enabled(folder: cachesFolder, maxAge: 600),
                waitsForSave: false,
                onSaveFailure: { error in log(error) }))

        let observation = flow.fetchCachedThenRefresh(Resource(path: "authors/1"))
            .consumeLoadingState(by: screen)
            .observeNext { author in print(author.name) }
        // end
        observation.dispose()
        let configuration = FlowConfiguration()
        // snippet: ResourceFlowsArray
        let authors: ResourceFlow<DecodedArray<Author>> = createFlow(baseURL: api, configuration: configuration)
        // end
        _ = authors
        // snippet: ResourceFlowsReplacePart
        var logged: ResourceFlow<Author> = createFlow(baseURL: api, configuration: configuration)
        let load = logged.loadFromPersistence
        logged.loadFromPersistence = {
            Signal { observer in
                load().observe { event in
                    if case .failed(let error) = event { log(error) }
                    observer.on(event)
                }
            }
        }
        // end
        _ = logged
    }
}
