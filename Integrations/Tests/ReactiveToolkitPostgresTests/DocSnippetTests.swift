import FeedbackLoop
import Foundation
import IntegrationsTestSupport
import Logging
import PostgresNIO
import ReactiveToolkitPostgres
import ReactiveToolkitServiceLifecycle
import ServiceLifecycle
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

/// The "Sharing a store across instances" article's code (Integrations/Sources/ReactiveToolkitPostgres),
/// compiled here: Scripts/sync-doc-snippets.py copies the regions into the article. The set-up is
/// run by the test above; these parts need several processes or a signal, so they are compiled only.
enum SharingArticleSnippets {
    static func deadlines(configuration: PostgresConnection.Configuration) async throws -> String {
        // snippet: SharingDeadlines
        let journal = try PostgresJournal<Ledger, LedgerAction>(
            configuration: configuration,
            options: PostgresJournalOptions(
                name: "ledger",
                sendTimeout: .seconds(5),  // every send has an outcome within 5 s
                failFastWhileReconnecting: true))  // and at once while the journal reconnects
        let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        do throws(StoreError) {
            let state = try await store.send(.deposit(10, tag: "order-42"))
            return "accepted: balance \(state.balance)"
        } catch .deadlineExceeded(mayHaveRun: false) {
            return "not written: retry later"  // say, answer 503 with Retry-After
        } catch .deadlineExceeded(mayHaveRun: true) {
            return "outcome unknown"  // it may still commit: retry only an idempotent action
        } catch {
            return "refused: \(error)"  // the reducer refused it, or the journal did (too large)
        }
        // end
    }

    static func service(
        store: Store<Ledger, LedgerAction>, journal: PostgresJournal<Ledger, LedgerAction>,
        payment: Feedback<Ledger, LedgerAction>, http: some Service, logger: Logger
    ) async throws {
        // snippet: SharingEffectsLease
        // The same on every instance: one of them at a time holds the lease.
        var options = PostgresJournalOptions(name: "orders")
        options.effectsLease = EffectsLeaseOptions(duration: .seconds(10))
        // end
        _ = options
        // snippet: SharingShutdown
        let service = StoreService(
            store: store,
            feedbacks: [payment],  // attached only while this instance holds the lease
            shutdownDeadline: .seconds(5),
            logger: logger,
            closing: { await journal.close() },  // the journal closes last (and hands the lease over)
            lease: journal.lease)
        let group = ServiceGroup(
            services: [service, http],  // shut down in reverse order: HTTP first
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        try await group.run()
        // end
    }
}

// snippet: SharingHealth
/// `GET /health`: 503 while the database side fails, 200 otherwise. A client's refused action
/// (`lastRefusal`) is not a fault of the service.
func health(of journal: PostgresJournal<Ledger, LedgerAction>) -> (status: Int, body: String) {
    if let failure = journal.infrastructureFailure {
        return (503, "database: \(failure.error.description), since \(failure.date)")
    }
    return (200, "applied up to \(journal.appliedSequence)")
}
// end
