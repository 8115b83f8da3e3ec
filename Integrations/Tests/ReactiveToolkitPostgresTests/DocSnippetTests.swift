import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import StreamCore
import Testing

/// The "Durable stores" article's PostgreSQL set-up (Sources/StoreKitLite/StoreKitLite.docc),
/// run for real: Scripts/sync-doc-snippets.py copies the region into the article.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(1)))
struct PostgresDocSnippetTests {
    @Test func theArticlesSetUpRuns() async throws {
        let configuration = try TestServer.configuration()
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let bag = DisposeBag()
        let statuses = Locked<[PostgresConnectionStatus]>([])
        @Sendable func log(_ status: PostgresConnectionStatus) { statuses.mutate { $0.append(status) } }
        // snippet: PostgresJournalSetUp
        // Every instance of the service runs this, with the same journal name.
        let journal = try PostgresJournal<Ledger, LedgerAction>(
            configuration: configuration,  // postgres-nio's PostgresConnection.Configuration
            options: PostgresJournalOptions(name: name, snapshotEvery: 1_000))
        let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        journal.connectionStatus.observeNext { status in log(status) }.dispose(in: bag)

        // Returns once the action is committed in the shared log and reduced here, at its place.
        let state = try await store.send(.deposit(10, tag: "first"))

        await journal.close()  // at shutdown
        // end
        #expect(state.balance == 10)
        #expect(statuses.value.last == .closed)
        bag.dispose()
    }
}
