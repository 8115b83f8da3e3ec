import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import OrdersService
import PostgresNIO
import Testing

/// The PostgreSQL server of `Integrations/Scripts/postgres.sh` (`eval "$(… env)"`), if set.
enum SharedStoreServer {
    static let environment = ProcessInfo.processInfo.environment

    static var isConfigured: Bool { environment["RT_PG_HOST"] != nil }

    /// Settings for a journal of the test's own (a fresh name: runs never share a log).
    static func settings(journalName: String) -> PostgresSettings? {
        guard let host = environment["RT_PG_HOST"] else { return nil }
        return PostgresSettings(
            host: host, port: Int(environment["RT_PG_PORT"] ?? "") ?? 5432,
            username: environment["RT_PG_USER"] ?? "postgres", password: environment["RT_PG_PASSWORD"],
            database: environment["RT_PG_DATABASE"] ?? "postgres", journalName: journalName)
    }

    /// The actions of a journal's log, in order, read straight from its table.
    static func log(of settings: PostgresSettings) async throws -> [OrdersAction] {
        let logger = Logger(label: "orders-tests") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await PostgresConnection.connect(
            configuration: settings.connectionConfiguration, id: 0, logger: logger)
        do {
            var actions: [OrdersAction] = []
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT payload FROM \(settings.journalName)_actions ORDER BY seq"),
                logger: logger)
            for try await payload in rows.decode(ByteBuffer.self) {
                actions.append(try JSONDecoder().decode(OrdersAction.self, from: Data(payload.readableBytesView)))
            }
            try await connection.close()
            return actions
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// In `OrdersServiceTests`, which is serialized (the disconnect test there counts process-wide
/// observations, which two more servers running at the same time would change).
extension OrdersServiceTests {
    /// Two instances share one store through PostgreSQL; only the first runs the payments.
    @Test(.enabled(if: SharedStoreServer.isConfigured, "RT_PG_HOST is not set (Integrations/Scripts/postgres.sh)"))
    func twoInstancesShareTheOrdersAndOnlyTheOneWithEffectsPays() async throws {
        let name = "orders_t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let settings = try #require(SharedStoreServer.settings(journalName: String(name)))
        let paying = try await RunningServer.start(postgres: settings, effects: .on)
        let quiet = try await RunningServer.start(postgres: settings, effects: .off)

        // Orders submitted on the instance without effects, three at a time.
        let ids = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let product = ["tea", "coffee", "cake"][index % 3]
                    let (status, body) = try await quiet.post(#"{"type":"submit","product":"\#(product)","quantity":1}"#)
                    guard status == 202 else { return nil }
                    return (body["order"] as? [String: Any])?["id"] as? Int
                }
            }
            var ids: [Int] = []
            for try await id in group { if let id { ids.append(id) } }
            return ids.sorted()
        }
        #expect(ids.count == 6)
        #expect(Set(ids).count == 6)

        // Visible, and paid, on both instances.
        func paidOrders(_ server: RunningServer) async throws -> Set<Int> {
            let (_, state) = try await HTTP.get(server.baseURL.appendingPathComponent("state"))
            let orders = state["orders"] as? [String: [String: Any]] ?? [:]
            return Set(orders.values.compactMap { $0["status"] as? String == "paid" ? $0["id"] as? Int : nil })
        }
        let paidEverywhere = try await eventually(timeout: .seconds(10)) {
            let expected = Set(ids)
            let onPaying = try await paidOrders(paying)
            let onQuiet = try await paidOrders(quiet)
            return onPaying == expected && onQuiet == expected
        }
        #expect(paidEverywhere)

        // Paid once: one payment outcome per order in the shared log, all from the paying
        // instance (a second payment feedback would have appended a second one).
        try await Task.sleep(for: .milliseconds(300))  // past the payment delay (20 ms): none late
        let outcomes = try await SharedStoreServer.log(of: settings).compactMap { action -> Int? in
            if case .paymentSucceeded(let id) = action { return id }
            return nil
        }
        #expect(outcomes.sorted() == ids, "payment outcomes in the log: \(outcomes.sorted())")
        #expect(paying.server.store.effectsInFlight.isEmpty)

        let health = try await quiet.health()
        #expect(health["effects"] as? String == "off")
        #expect((health["database"] as? [String: Any])?["connection"] as? String == "connected")
        #expect(try await paying.health()["effects"] as? String == "on")

        // A closed journal is a journal down: /health answers 503.
        await quiet.server.journal?.close()
        let (status, down) = try await HTTP.get(quiet.baseURL.appendingPathComponent("health"))
        #expect(status == 503)
        #expect((down["database"] as? [String: Any])?["connection"] as? String == "closed")

        try await quiet.stop()
        try await paying.stop()
    }

    /// Two instances both with effects `leased` on one journal: the lease holder pays each
    /// order once, whichever instance took it; once the holder stops, the other takes the lease
    /// over and pays the new orders.
    @Test(.enabled(if: SharedStoreServer.isConfigured, "RT_PG_HOST is not set (Integrations/Scripts/postgres.sh)"))
    func twoInstancesWithLeasedEffectsPayEachOrderOnceAndTheOtherTakesOver() async throws {
        let name = "orders_l_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let settings = try #require(SharedStoreServer.settings(journalName: String(name)))
        // One gateway for both: it sees every charge (by key) and the repeats it absorbed.
        let gateway = PaymentGateway()
        let first = try await RunningServer.start(
            postgres: settings, effects: .leased, leaseDuration: .seconds(2), paymentGateway: gateway)
        let second = try await RunningServer.start(
            postgres: settings, effects: .leased, leaseDuration: .seconds(2), paymentGateway: gateway)
        let servers = [first, second]
        func leaders() -> [Int] {
            servers.indices.filter { servers[$0].server.journal?.lease?.isLeader == true }
        }
        #expect(await eventually(timeout: .seconds(10)) { leaders().count == 1 })

        func submit(_ count: Int, on targets: [RunningServer]) async throws -> [Int] {
            try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let product = ["tea", "coffee", "cake"][index % 3]
                        let (status, body) = try await targets[index % targets.count].post(
                            #"{"type":"submit","product":"\#(product)","quantity":1}"#, headers: ["Prefer": "return=minimal"])
                        guard status == 202 else { return nil }
                        return (body["order"] as? [String: Any])?["id"] as? Int
                    }
                }
                var ids: [Int] = []
                for try await id in group { if let id { ids.append(id) } }
                return ids.sorted()
            }
        }
        func paidOrders(_ server: RunningServer) async throws -> Set<Int> {
            let (_, state) = try await HTTP.get(server.baseURL.appendingPathComponent("state"))
            let orders = state["orders"] as? [String: [String: Any]] ?? [:]
            return Set(orders.values.compactMap { $0["status"] as? String == "paid" ? $0["id"] as? Int : nil })
        }
        func paymentOutcomes() async throws -> [Int] {
            try await SharedStoreServer.log(of: settings).compactMap { action -> Int? in
                if case .paymentSucceeded(let id) = action { return id }
                return nil
            }.sorted()
        }

        // Orders submitted on both instances, paid once each, by the holder alone.
        let ids = try await submit(12, on: servers)
        #expect(ids.count == 12)
        let paidEverywhere = try await eventually(timeout: .seconds(10)) {
            let onFirst = try await paidOrders(first)
            let onSecond = try await paidOrders(second)
            return onFirst == Set(ids) && onSecond == Set(ids)
        }
        #expect(paidEverywhere)
        try await Task.sleep(for: .milliseconds(300))  // past the payment delay (20 ms): none late
        #expect(try await paymentOutcomes() == ids, "one payment outcome per order in the log")
        #expect(Set(gateway.charges.keys) == Set(ids.map { "order-\($0)" }))
        #expect(gateway.absorbedRepeats == 0, "no failover, so no repeated charge")

        let leader = try #require(leaders().first)
        let (holder, other) = (servers[leader], servers[1 - leader])
        let heldEpoch = try #require(holder.server.journal?.lease?.epoch)
        let holderHealth = try await holder.health()
        #expect(holderHealth["effects"] as? String == "leased")
        #expect((holderHealth["lease"] as? [String: Any])?["epoch"] as? Int == Int(heldEpoch))
        #expect((try await other.health()["lease"] as? [String: Any])?["epoch"] == nil)

        // The holder stops (graceful: it releases the lease); the other takes over and pays.
        try await holder.stop()
        #expect(await eventually(timeout: .seconds(10)) { other.server.journal?.lease?.isLeader == true })
        let newEpoch = try #require(other.server.journal?.lease?.epoch)
        #expect(newEpoch > heldEpoch)
        let later = try await submit(4, on: [other])
        #expect(later.count == 4)
        #expect(try await eventually(timeout: .seconds(10)) { try await paidOrders(other) == Set(ids + later) })
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await paymentOutcomes() == (ids + later).sorted(), "each order paid once across the takeover")
        #expect(gateway.charges.count == ids.count + later.count)
        let otherHealth = try await other.health()
        #expect((otherHealth["lease"] as? [String: Any])?["epoch"] as? Int == Int(newEpoch))

        try await other.stop()
    }

    /// A holder cut off mid-payment (its service cancelled, not shut down gracefully: the
    /// payment's outcome never reaches the log): the other instance takes over from the state,
    /// pays the order again, and the gateway absorbs the repeat by its key: one charge, one
    /// outcome in the log.
    @Test(.enabled(if: SharedStoreServer.isConfigured, "RT_PG_HOST is not set (Integrations/Scripts/postgres.sh)"))
    func aPaymentCutOffByAFailoverIsRepeatedUnderItsKeyAndAbsorbed() async throws {
        let name = "orders_f_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let settings = try #require(SharedStoreServer.settings(journalName: String(name)))
        let gateway = PaymentGateway()
        // The first instance wins the lease and pays slowly; the second pays at once.
        let slow = try await RunningServer.start(
            paymentDelay: .seconds(30), postgres: settings, effects: .leased, leaseDuration: .seconds(2),
            paymentGateway: gateway)
        #expect(await eventually(timeout: .seconds(10)) { slow.server.journal?.lease?.isLeader == true })
        let fast = try await RunningServer.start(
            postgres: settings, effects: .leased, leaseDuration: .seconds(2), paymentGateway: gateway)
        #expect(fast.server.journal?.lease?.isLeader == false)

        let (status, body) = try await fast.post(#"{"type":"submit","product":"tea","quantity":1}"#)
        #expect(status == 202)
        let id = try #require((body["order"] as? [String: Any])?["id"] as? Int)
        #expect(await eventually(timeout: .seconds(10)) { gateway.charges["order-\(id)"] == .paid })
        #expect(slow.server.store.effectsInFlight == ["payment \(id)"])

        // Cut off mid-payment: cancelled, its payment with it.
        slow.task.cancel()
        _ = try? await slow.task.value
        #expect(await eventually(timeout: .seconds(10)) { fast.server.journal?.lease?.isLeader == true })
        #expect(await eventually(timeout: .seconds(10)) { fast.server.store.state.orders[id]?.status == .paid })
        try await Task.sleep(for: .milliseconds(300))
        let outcomes = try await SharedStoreServer.log(of: settings).filter { $0 == .paymentSucceeded(id: id) }
        #expect(outcomes.count == 1, "one payment outcome in the log")
        #expect(gateway.charges.count == 1)
        #expect(gateway.absorbedRepeats == 1, "the new leader's repeat, absorbed by its key")

        try await fast.stop()
        try? FileManager.default.removeItem(at: slow.dataDirectory)
    }
}
