// `PostgresJournalChild --payments NAME INDEX ORDERS LEASE_MS`: one instance of the ledger store
// with an effects lease and a payment feedback run only while it leads. Orders are deposits
// tagged `order-…` (sent by the test); the feedback charges each unpaid order at a fake gateway
// (the table NAME_gateway, which counts the calls per idempotency key, the order's tag), then
// sends `.note("paid:order-…")`. It prints `lead EPOCH` when it wins the lease and `charging TAG`
// between the gateway's call and the note, and exits once it applied ORDERS paid notes.
import Foundation
import IntegrationsTestSupport
import Logging
import PostgresNIO
import ReactiveToolkitPostgres
import FeedbackLoop
import ReactiveToolkitServiceLifecycle
import StoreKitLite
import StreamCore

func runPayments(
    name: String, index: Int, orders: Int, leaseMilliseconds: Int, configuration: PostgresConnection.Configuration
) async throws {
    var journalConfiguration = configuration
    journalConfiguration.options.additionalStartupParameters = [("application_name", "rt-lease-child-\(index)")]
    var gatewayConfiguration = configuration
    gatewayConfiguration.options.additionalStartupParameters = [("application_name", "rt-lease-gateway")]
    var options = PostgresJournalOptions(name: name, queryTimeout: .seconds(2), connectTimeout: .seconds(2))
    options.effectsLease = EffectsLeaseOptions(duration: .milliseconds(leaseMilliseconds))
    let journal = try PostgresJournal<Ledger, LedgerAction>(configuration: journalConfiguration, options: options)
    let store = try await Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
    let gateway = Gateway(name: name, configuration: gatewayConfiguration)
    guard let lease = journal.lease else { fail("no lease") }
    let charging = Locked<Set<String>>([])
    let payment = Feedback<Ledger, LedgerAction>(events: { states in
        Signal { observer in
            states.observeNext { state in
                let paid = Set(state.history.filter { $0.hasPrefix("paid:") }.map { String($0.dropFirst(5)) })
                for tag in state.history where tag.hasPrefix("order-") && !paid.contains(tag) {
                    guard charging.mutate({ $0.insert(tag).inserted }) else { continue }
                    Task {
                        do {
                            try await gateway.charge(key: tag)
                            say("charging \(tag)")
                            try await Task.sleep(for: .milliseconds(150))  // the rest of the effect
                            observer.receive(.note("paid:\(tag)"))
                        } catch {
                            charging.mutate { _ = $0.remove(tag) }
                        }
                    }
                }
            }
        }
    })
    let registration = lease.whileLeading {
        say("lead \(lease.epoch ?? -1)")
        let attached = store.attach(effect: payment.effects, named: "payment")
        return {
            attached.dispose()
            charging.mutate { $0.removeAll() }
        }
    }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(90)
    while store.state.history.filter({ $0.hasPrefix("paid:") }).count < orders {
        if clock.now > deadline { fail("not every order was paid after 90 s") }
        try await Task.sleep(for: .milliseconds(20))
    }
    registration.end()?()
    await journal.close()
    await gateway.close()
    say("done")
}

/// The fake payment gateway: a table counting the calls per idempotency key.
actor Gateway {
    let name: String
    let configuration: PostgresConnection.Configuration
    var connection: PostgresConnection?

    init(name: String, configuration: PostgresConnection.Configuration) {
        self.name = name
        self.configuration = configuration
    }

    func charge(key: String) async throws {
        let live: PostgresConnection
        if let connection, !connection.isClosed {
            live = connection
        } else {
            let opened = try await PostgresConnection.connect(
                configuration: configuration, id: 1, logger: Logger(label: "gateway"))
            // Another charge may have opened one meanwhile (actor reentrancy): keep one, close the other.
            if let connection, !connection.isClosed {
                try? await opened.close()
                live = connection
            } else {
                connection = opened
                live = opened
            }
        }
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(name)_gateway (key, calls) VALUES ($1, 1)
                ON CONFLICT (key) DO UPDATE SET calls = \(name)_gateway.calls + 1
                """)
        query.binds.append(key)
        try await live.query(query, logger: Logger(label: "gateway"))
    }

    func close() async {
        try? await connection?.close()
    }
}
