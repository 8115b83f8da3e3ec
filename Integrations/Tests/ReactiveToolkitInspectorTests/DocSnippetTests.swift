import FeedbackLoop
import Foundation
import ReactiveToolkitInspector
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore
import Testing

/// The "Inspecting a store" article's code (Integrations/Sources/ReactiveToolkitInspector),
/// run here: Scripts/sync-doc-snippets.py copies the regions into the article.
@Suite struct InspectorDocSnippetTests {
    @Test func theArticlesStoreSetUpRuns() async throws {
        // snippet: InspectorAttachStore
        // Development: the page may make the store show an earlier state, skip actions, dispatch.
        let inspector = StoreInspector<Ledger, LedgerAction>(
            options: InspectorOptions(maximumActions: 10_000, redaction: .fields(["password"])),
            development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        let server = try await InspectorServer.start(inspector)  // 127.0.0.1, any free port
        print("open", server.url)  // http://127.0.0.1:PORT/?token=…
        // … at shutdown:
        await server.stop()
        // end
        try await store.send(.add("a"))
        #expect(inspector.status()["next"]?.integer == 2)
    }

    @Test func theArticlesLoopSetUpRuns() async throws {
        let inspector = StoreInspector<Int, Int>()
        let bag = DisposeBag()
        // snippet: InspectorAttachLoop
        let counter = Reducer<Int, Int> { count, step in count + step }
        let states = Signal<Int, Never>.system(
            initial: 0,
            reducer: inspector.recording(counter),  // the one line: the loop's events are recorded
            feedbacks: [Feedback(reacting: { count in count < 3 ? 1 : nil })]
        )
        states.observeNext { _ in }.dispose(in: bag)
        // end
        #expect(inspector.status()["next"]?.integer == 4)
        bag.dispose()
    }

    @Test func theArticlesTimeTravelRuns() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        for action: LedgerAction in [.add("a"), .multiply(3), .add("b")] { try await store.send(action) }
        // snippet: InspectorTimeTravel
        try await inspector.jump(to: 1)  // store.state is the state after action #1
        try await inspector.setSkipped(2, true)  // later states recomputed without #2
        try await inspector.returnToPresent()  // the recomputed present; held sends run
        let file = try inspector.exportSession()  // JSON text, redacted
        let session = try InspectedSession(json: file)  // on another machine: read-only
        // end
        #expect(store.state.total == 1)
        #expect(session.currentState() == inspector.currentState())
    }
}
