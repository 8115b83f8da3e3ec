import Foundation
import LoadingState
import StoreKitLite
import StreamCore

// The snippets of the catalogs' landing pages (StreamCore.md, StoreKitLite.md, LoadingState.md).
// No FeedbackLoop import here: StoreKitLite.md's snippets say `Reducer`, which FeedbackLoop also defines.

enum LandingPageSnippets {
    static func streamCore() {
        // snippet: LandingStreamCore
        let bag = DisposeBag()
        Signal<Int, Never>.sequence(1...6)
            .map { $0 * $0 }
            .filter { $0.isMultiple(of: 2) }
            .observeNext { print($0) }     // 4, 16, 36
            .dispose(in: bag)
        // end
    }

    static func storeKitLite() {
        // snippet: LandingStoreKitLite
        enum CounterAction: Sendable { case increment, decrement }

        let store = Store(initialState: 0, reducer: Reducer<Int, CounterAction> { state, action in
            switch action {
            case .increment: state += 1
            case .decrement: state -= 1
            }
        }, observers: [LoggingMiddleware()])

        let bag = DisposeBag()
        store.observeNext { print("count:", $0) }.dispose(in: bag)   // 0 at once
        store.dispatch(.increment)                                 // 1
        // end
    }

    struct AppState: Sendable {}
    enum AppAction: Sendable { case refresh }
    static let app = Reducer<AppState, AppAction> { _, _ in }
    static func render(_ state: AppState) {}

    static func notifyOn(renderQueue: DispatchQueue) {
        // snippet: LandingNotifyOn
        let store = Store(initialState: AppState(), reducer: app, notifyOn: .main)  // every observer on main
        store.states.receive(on: renderQueue.context).observeNext { render($0) }    // just this one
        // end
        _ = store
    }

    struct TasksState: Substate { var tasks: [String] = [] }
    enum TasksAction: Sendable { case add(String) }
    static let tasksReducer = Reducer<TasksState, TasksAction> { state, action in
        if case .add(let title) = action { state.tasks.append(title) }
    }

    static func substates() {
        // snippet: LandingSubstates
        enum AppAction: Sendable { case store(StoreAction), tasks(TasksAction) }

        let mainReducer = Reducer<Substates, AppAction>.combine(
            .storeActions { if case .store(let a) = $0 { a } else { nil } },
            .substate(TasksState.self, reducer: tasksReducer) { if case .tasks(let a) = $0 { a } else { nil } }
        )
        let store = Store(initialState: Substates(), reducer: mainReducer, observers: [LoggingMiddleware()])
        store.dispatch(.store(.add(states: [TasksState()])))
        // end
    }

    struct User: Sendable {}
    enum APIError: Error { case offline }

    static func loadingState(
        fetchUser: @escaping @Sendable () -> Signal<User, APIError>,
        screen: some LoadingStateListener,
        render: @escaping @Sendable (User) -> Void
    ) {
        // snippet: LandingLoadingState
        let observation = fetchUser()   // Signal<User, APIError>
            .toLoadingSignal()          // .loading, then .loaded(user) or .failed(error)
            .consumeLoadingState(by: screen)
            .observeNext { user in render(user) }
        // end
        observation.dispose()
    }

    static func flow(cachesFolder: URL) {
        struct Author: Codable, Sendable {}
        // snippet: LandingResourceFlow
        let flow: ResourceFlow<Author> = createFlow(
            baseURL: URL(string: "https://api.example.com/")!,
            configuration: FlowConfiguration(persistence: .enabled(folder: cachesFolder, maxAge: 600)))

        let observation = flow.fetch(Resource(path: "authors/1")).observe { event in print(event) }
        // end
        observation.dispose()
    }
}
