// The child's second mode, for the shutdown test (OutageTests): a store on journal NAME (send
// deadline SEND_MS) run by a StoreService (shutdown deadline SHUTDOWN_MS) that closes the
// journal, and a stand-in for the HTTP server that, like one, finishes its requests (the sends in
// flight) when it shuts down; in a ServiceGroup, HTTP last, so shut down first, on SIGTERM. It
// prints `ready` once a first action committed; on a `send` line on its standard input it sends
// one action, prints `sending`, then `send failed: ERROR` or `send returned` when it ends, and
// `exited` once the group returned.
//
//   PostgresJournalChild --shutdown-during-outage NAME SEND_MS SHUTDOWN_MS
import Foundation
import IntegrationsTestSupport
import Logging
import PostgresNIO
import ReactiveToolkitPostgres
import ReactiveToolkitServiceLifecycle
import ServiceLifecycle
import StoreKitLite

func say(_ line: String) {
    FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

func runShutdownDuringOutage(
    name: String, sendMilliseconds: Int, shutdownMilliseconds: Int, configuration: PostgresConnection.Configuration
) async throws {
    let journal = try PostgresJournal<Ledger, LedgerAction>(
        configuration: configuration,
        options: PostgresJournalOptions(
            name: name, connectTimeout: .seconds(2), reconnectDelay: .milliseconds(100),
            maxReconnectDelay: .milliseconds(500), sendTimeout: .milliseconds(sendMilliseconds)))
    let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
    try await store.send(.note("warm"))
    let logger = Logger(label: "child") { _ in SwiftLogNoOpLogHandler() }
    let service = StoreService(
        store: store, shutdownDeadline: .milliseconds(shutdownMilliseconds), logger: logger,
        closing: { await journal.close() })
    let requests = Requests()
    let group = ServiceGroup(services: [service, requests], gracefulShutdownSignals: [.sigterm], logger: logger)
    // Standard input is read on a thread of its own: `readLine()` blocks.
    Thread.detachNewThread {
        while let line = readLine() {
            guard line == "send" else { continue }
            requests.inFlight.mutate { $0 += 1 }
            Task {
                defer { requests.inFlight.mutate { $0 -= 1 } }
                say("sending")
                do {
                    try await store.send(.note("during the outage"))
                    say("send returned")
                } catch {
                    say("send failed: \(error)")
                }
            }
        }
    }
    say("ready")
    try await group.run()
    say("exited")
}

/// Stands in for an HTTP server: at a graceful shutdown it waits for its requests in flight.
struct Requests: Service {
    let inFlight = Locked(0)

    func run() async throws {
        try? await gracefulShutdown()
        while inFlight.value > 0 { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
