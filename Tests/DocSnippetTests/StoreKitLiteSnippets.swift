import FeedbackLoop
import Foundation
import StoreKitLite
import StreamCore

// The snippets of StoreKitLite.docc/StoresAndMiddleware.md and of StoreKitLite.md.

enum StoreSnippets {
    static func counter() {
        // snippet: StoreCounter
        enum CounterAction: Sendable { case increment, decrement }

        let store = Store(initialState: 0, reducer: Reducer<Int, CounterAction>(mutating: { count, action in
            switch action {
            case .increment: count += 1
            case .decrement: count -= 1
            }
        }))
        let bag = DisposeBag()
        store.observeNext { print("count:", $0) }.dispose(in: bag)   // the current state at once
        store.dispatch(.increment)
        store.dispatch(.increment)
        print("state:", store.state)
        // end
    }

    static func middleware() {
        // snippet: StoreMiddleware
        enum TodoAction: Sendable { case add(String), clear }

        let reducer = Reducer<[String], TodoAction>(mutating: { todos, action in
            switch action {
            case .add(let title): todos.append(title)
            case .clear: todos.removeAll()
            }
        })
        let dropEmpty = Middleware<[String], TodoAction> { action, _ in
            if case .add(let title) = action, title.isEmpty { return nil }             // drop
            return action                                                              // pass
        }
        let trim = Middleware<[String], TodoAction>.map { action in
            if case .add(let title) = action { return .add(title.trimmingCharacters(in: .whitespaces)) }
            return action                                                              // transform
        }
        let logger = LoggingMiddleware<[String], TodoAction>(sink: { print($0) })
        let store = Store(initialState: [], reducer: reducer, middleware: [dropEmpty, trim], observers: [logger])
        store.dispatch(.add(""))
        store.dispatch(.add("  milk "))
        // end
    }

    static func feedbackService() {
        // snippet: StoreFeedbackService
        struct SearchState: Sendable {
            var query = ""
            var isSearching = false
            var results: [String] = []
        }
        enum SearchAction: Sendable { case search(String), results([String]) }

        let reducer = Reducer<SearchState, SearchAction>(mutating: { state, action in
            switch action {
            case .search(let query):
                state.query = query
                state.isSearching = true
            case .results(let results):
                state.results = results
                state.isSearching = false
            }
        })
        // A FeedbackLoop feedback: while a search is pending, fetch and answer with the results.
        let search = Feedback<SearchState, SearchAction>(
            skippingRepeated: { $0.isSearching ? $0.query : nil }
        ) { query in
            .just(.results(["\(query) 1", "\(query) 2"]))        // stands in for the network
        }

        let store = Store(initialState: SearchState(), reducer: reducer)
        let effect = store.attach(effect: search.effects)
        store.dispatch(.search("swift"))
        print(store.state.results)
        effect.dispose()
        // end
    }

    static func timeTravel() {
        enum CounterAction: Sendable { case increment, decrement }
        // snippet: StoreTimeTravel
        let reducer = Reducer<Int, CounterAction>(mutating: { count, action in
            count += action == .increment ? 1 : -1
        })
        let recorder = ActionRecorder<Int, CounterAction>()
        let store = Store(initialState: 0, reducer: reducer, observers: [recorder])
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.decrement)
        print(recorder.actions.count, "actions; after two:", recorder.state(after: 2, from: 0, reducer: reducer))

        let replayed = Store(initialState: 0, reducer: reducer)
        recorder.replay(into: replayed)
        print("replayed:", replayed.state)
        // end
    }

    static func effects() {
        enum AppAction: Sendable { case refresh, loaded([String]) }
        let store = Store(initialState: [String](), reducer: Reducer<[String], AppAction> { items, action in
            if case .loaded(let loaded) = action { items = loaded }
        })
        // snippet: StoreEffects
        enum EffectID: Hashable, Sendable { case refresh }

        store.run(
            Signal(just: .loaded(["a", "b"]), after: .seconds(1)),
            id: EffectID.refresh,
            cancelInFlight: true                  // a new refresh replaces the running one
        )
        store.cancel(id: EffectID.refresh)        // or cancel it yourself
        // end
    }

    static func attach<State: Sendable, Action: Sendable>(
        store: Store<State, Action>, loadNextPage: Feedback<State, Action>
    ) {
        // snippet: LandingStoreAttach
        store.attach(effect: loadNextPage.effects)
        // end
    }


    /// The service handler of the article: returns the responses it gave.
    static func serviceHandler() async -> [String] {
        var responses: [String] = []
        // snippet: StoreServiceHandler
        struct Orders: Sendable, Codable {
            var open: [Int: String] = [:]
        }
        enum OrderAction: Sendable {
            case open(id: Int, item: String)
            case close(id: Int)
        }
        let reducer = Reducer<Orders, OrderAction>(mutating: { orders, action throws(StoreError) in
            switch action {
            case .open(let id, let item):
                guard orders.open[id] == nil else { throw .rejected("order \(id) is already open") }
                orders.open[id] = item
            case .close(let id):
                guard orders.open.removeValue(forKey: id) != nil else { throw .rejected("no order \(id)") }
            }
        })
        let store = Store(initialState: Orders(), reducer: reducer)

        // An HTTP handler: 202 with the state this action produced, or 422 with why not.
        @Sendable func handle(_ action: OrderAction) async -> (status: Int, body: String) {
            do {
                let orders = try await store.send(action)
                return (202, "\(orders.open.count) open")
            } catch {
                return (422, error.description)
            }
        }
        for action in [OrderAction.open(id: 1, item: "tea"), .open(id: 1, item: "cake"), .close(id: 2)] {
            let response = await handle(action)
            responses.append("\(response.status) \(response.body)")
        }
        // end
        return responses
    }

    /// The typed refusals of the article: the statuses a handler answers with.
    static func typedRefusals() async -> [Int] {
        var statuses: [Int] = []
        // snippet: StoreTypedRefusals
        enum BookingError: Error, Equatable, Sendable {
            case seatTaken
            case unknownSeat(Int)
        }
        let booking = Reducer<Set<Int>, Int>(mutating: { taken, seat throws(StoreError) in
            guard (1...100).contains(seat) else { throw .refusing(BookingError.unknownSeat(seat)) }
            guard !taken.contains(seat) else { throw .refusing(BookingError.seatTaken) }
            taken.insert(seat)
        })
        let seats = Store(initialState: Set<Int>(), reducer: booking)

        @Sendable func book(_ seat: Int) async -> Int {
            do {
                try await seats.send(seat)
                return 201
            } catch {
                switch error.refusal(as: BookingError.self) {
                case .seatTaken?: return 409
                case .unknownSeat?: return 404
                case nil: return error == .cancelled ? 499 : 503
                }
            }
        }
        for seat in [7, 7, 150] { statuses.append(await book(seat)) }  // 201, 409, 404
        // end
        return statuses
    }
}
