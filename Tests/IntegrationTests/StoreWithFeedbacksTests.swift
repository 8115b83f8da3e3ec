import FeedbackLoop
import StoreKitLite
import StreamCore
import Testing
import TestSupport

/// A service composing a StoreKitLite store with FeedbackLoop feedbacks, through StreamCore
/// types only: neither module imports the other.
@Suite struct StoreWithFeedbacksTests {
    struct AppState: Equatable, Sendable {
        var query = ""
        var results: [String] = []
        var isSearching = false
    }

    enum AppAction: Equatable, Sendable {
        case search(String)
        case results([String])
    }

    /// One `Reducer` type (StreamCore's), written once, unqualified in a file importing both.
    static let reducer = Reducer<AppState, AppAction> { state, action in
        switch action {
        case .search(let query):
            state.query = query
            state.isSearching = true
        case .results(let results):
            state.results = results
            state.isSearching = false
        }
    }

    @Test func aFeedbackAttachesToAStoreInOneLine() {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        let searches = Box<[String]>([])
        // A FeedbackLoop feedback: when a search is pending, "fetch" and answer with results.
        let search = Feedback<AppState, AppAction>(skippingRepeated: { $0.isSearching ? $0.query : nil }) { (query: String) in
            searches.mutate { $0.append(query) }
            return Signal(just: .results(["\(query) 1", "\(query) 2"]))
        }

        let effect = store.attach(effect: search.effects)

        store.dispatch(.search("dune"))
        #expect(store.state == AppState(query: "dune", results: ["dune 1", "dune 2"], isSearching: false))
        #expect(searches.value == ["dune"])
        effect.dispose()
        store.dispatch(.search("solaris"))
        #expect(store.state.isSearching)  // the feedback is gone: nobody answers
        #expect(searches.value == ["dune"])
    }

    /// Issue 37's order in a store: an observer that stops observing on a state (a store keeps
    /// running) does not keep that state from an attached feedback, which starts its effect.
    @Test func anObserverThatStopsOnAStateStillLetsAnAttachedFeedbackStartItsEffect() {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        let searches = Box<[String]>([])
        let search = Feedback<AppState, AppAction>(skippingRepeated: { $0.isSearching ? $0.query : nil }) { (query: String) in
            searches.mutate { $0.append(query) }
            return .never()
        }
        let effect = store.attach(effect: search.effects)
        let seen = Box<[String]>([])
        let observation = store.states.skip(first: 1).take(first: 1)
            .observeNext { state in seen.mutate { $0.append(state.query) } }
        store.dispatch(.search("dune"))
        #expect(seen.value == ["dune"])
        #expect(searches.value == ["dune"])
        observation.dispose()
        effect.dispose()
    }

    @Test func aLoopAndAStoreTalkThroughSignals() {
        // The loop counts to three; each state it reaches is dispatched to the store.
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        let loop = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { $0 < 3 ? () : nil })]
        )
        let observation = loop.observeNext { count in store.dispatch(.search("\(count)")) }
        #expect(store.state.query == "3")
        observation.dispose()
    }
}
