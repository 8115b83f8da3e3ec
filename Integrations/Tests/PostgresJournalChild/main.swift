// The child process of the PostgreSQL journal's multi-process test (ReactiveToolkitPostgresTests):
// one store instance on the journal NAME, sending COUNT actions from two concurrent senders, then
// waiting until it has applied TOTAL actions of the log, and printing its state as one JSON line.
// With COUNT -1 it sends until it is killed, printing `ack TAG` for each acknowledged action.
//
//   PostgresJournalChild NAME INDEX COUNT TOTAL      (server from RT_PG_HOST/RT_PG_PORT/…)
//   PostgresJournalChild --payments NAME INDEX ORDERS LEASE_MS   (Payments.swift)
//   PostgresJournalChild --shutdown-during-outage NAME SEND_MS SHUTDOWN_MS   (ShutdownDuringOutage.swift)
import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("PostgresJournalChild: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
let environment = ProcessInfo.processInfo.environment
guard let host = environment["RT_PG_HOST"] else { fail("RT_PG_HOST is not set") }
let configuration = PostgresConnection.Configuration(
    host: host, port: Int(environment["RT_PG_PORT"] ?? "") ?? 5432, username: environment["RT_PG_USER"] ?? "postgres",
    password: nil, database: environment["RT_PG_DATABASE"] ?? "postgres", tls: .disable)

if arguments.count == 5, arguments[1] == "--shutdown-during-outage", let send = Int(arguments[3]),
    let shutdown = Int(arguments[4])
{
    do {
        try await runShutdownDuringOutage(
            name: arguments[2], sendMilliseconds: send, shutdownMilliseconds: shutdown, configuration: configuration)
        exit(0)
    } catch {
        fail("\(error)")
    }
}
if arguments.count == 6, arguments[1] == "--payments", let index = Int(arguments[3]), let orders = Int(arguments[4]),
    let lease = Int(arguments[5])
{
    do {
        try await runPayments(
            name: arguments[2], index: index, orders: orders, leaseMilliseconds: lease, configuration: configuration)
        exit(0)
    } catch {
        fail("\(error)")
    }
}
guard arguments.count == 5, let index = Int(arguments[2]), let count = Int(arguments[3]), let total = Int64(arguments[4])
else { fail("usage: PostgresJournalChild NAME INDEX COUNT TOTAL") }
do {
    let journal = try PostgresJournal<Ledger, LedgerAction>(
        configuration: configuration, options: PostgresJournalOptions(name: arguments[1], snapshotEvery: 50))
    let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
    if count < 0 {
        // Until killed: each acknowledged action is reported at once (unbuffered).
        for step in 0... {
            let tag = "k\(index)n\(step)"
            _ = try await store.send(.deposit(1, tag: tag))
            FileHandle.standardOutput.write(Data("ack \(tag)\n".utf8))
        }
    }
    await withTaskGroup(of: Void.self) { group in
        for sender in 0..<2 {
            group.addTask {
                for step in 0..<(count / 2 + (sender < count % 2 ? 1 : 0)) {
                    let tag = "p\(index)s\(sender)n\(step)"
                    let action: LedgerAction = step % 3 == 2 ? .withdraw(7, tag: tag) : .deposit(step % 5 + 1, tag: tag)
                    do {
                        let state = try await store.send(action)
                        if state.history.last != tag { fail("send of \(tag) returned another action's state") }
                    } catch StoreError.rejected(let reason) where reason.contains("insufficient") {
                        // An order-dependent refusal: the same everywhere.
                    } catch {
                        fail("send of \(tag) failed: \(error)")
                    }
                }
            }
        }
    }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    while journal.appliedSequence < total {
        if clock.now > deadline { fail("applied \(journal.appliedSequence) of \(total) after 60 s") }
        try await Task.sleep(for: .milliseconds(20))
    }
    let state = store.state
    await journal.close()
    print(String(decoding: try JSONEncoder().encode(state), as: UTF8.self))
} catch {
    fail("\(error)")
}
