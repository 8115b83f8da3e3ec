import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// A payment feedback on three instances in three processes (PostgresJournalChild --payments),
/// with an effects lease: every order is charged at the fake gateway once per idempotency key,
/// and the repeats a failover causes are absorbed by the key.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(3)), .serialized)
struct EffectsLeaseMultiProcessTests {
    enum Failover { case none, killTheLeader, terminateTheLeadersConnections }

    @Test func threeInstancesChargeEveryOrderOnceWithoutFailover() async throws {
        let repeats = try await run(.none)
        print("effects lease, no failover: \(repeats) repeated gateway call(s) absorbed by the key")
        #expect(repeats == 0)
    }

    @Test func aLeaderKilledMidEffectIsTakenOverAndEveryOrderIsChargedOnce() async throws {
        let repeats = try await run(.killTheLeader)
        print("effects lease, leader killed (kill -9): \(repeats) repeated gateway call(s) absorbed by the key")
    }

    @Test func aLeaderWhoseConnectionsAreTerminatedIsTakenOverAndEveryOrderIsChargedOnce() async throws {
        let repeats = try await run(.terminateTheLeadersConnections)
        print("effects lease, pg_terminate_backend: \(repeats) repeated gateway call(s) absorbed by the key")
    }

    /// Runs the scenario; returns the gateway calls beyond one per order (absorbed by the key).
    func run(_ failover: Failover) async throws -> Int {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let child = try #require(MultiProcessTests.childExecutable(), "PostgresJournalChild is not built next to the tests")
        let orders = 30
        let leaseMilliseconds = 3_000
        try await TestServer.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE TABLE \(name)_gateway (key text PRIMARY KEY, calls int NOT NULL)"),
                logger: TestServer.logger)
        }
        let (store, journal) = try await openLedger(name)  // the tables exist before the children start
        let lines = Locked<[(child: Int, line: String)]>([])
        var children: [Process] = []
        for index in 0..<3 {
            let (process, output) = try MultiProcessTests.launch(
                child, arguments: ["--payments", name, String(index), String(orders), String(leaseMilliseconds)])
            // Read on a dispatch queue, not in the cooperative pool (a blocking read there starves it).
            let pending = Locked("")
            output.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty {
                    handle.readabilityHandler = nil
                    return
                }
                let complete = pending.mutate { pending -> [String] in
                    pending += String(decoding: data, as: UTF8.self)
                    var complete: [String] = []
                    while let newline = pending.firstIndex(of: "\n") {
                        complete.append(String(pending[..<newline]))
                        pending = String(pending[pending.index(after: newline)...])
                    }
                    return complete
                }
                lines.mutate { $0.append(contentsOf: complete.map { (index, $0) }) }
            }
            children.append(process)
        }
        defer { for process in children where process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try await eventually("a child leads") { lines.value.contains { $0.line.hasPrefix("lead ") } }
        var victim: Int?
        for order in 0..<orders {
            _ = try await store.send(.deposit(1, tag: "order-\(order)"))
            guard order == orders / 2, failover != .none else {
                try await Task.sleep(for: .milliseconds(30))
                continue
            }
            // Mid-effect: the leader called the gateway and has not sent its note yet.
            let leader = try #require(lines.value.last(where: { $0.line.hasPrefix("lead ") })?.child)
            try await eventually("the leader is charging order-\(order)") {
                lines.value.contains { $0.child == leader && $0.line == "charging order-\(order)" }
            }
            victim = leader
            switch failover {
            case .none: break
            case .killTheLeader:
                kill(children[leader].processIdentifier, SIGKILL)
            case .terminateTheLeadersConnections:
                // Cut off until another instance wins the lease: the leader gives it up once a
                // lease's duration passes without a renewal. A loaded machine can let a renewal
                // slip between two sweeps, so the sweeps go on until the takeover (bounded).
                let clock = ContinuousClock()
                let until = clock.now + .milliseconds(10 * leaseMilliseconds)
                let seen = lines.value.count
                let takenOver = { lines.value.dropFirst(seen).contains { $0.child != leader && $0.line.hasPrefix("lead ") } }
                try await TestServer.withConnection { connection in
                    while clock.now < until, !takenOver() {
                        try await connection.query(
                            PostgresQuery(
                                unsafeSQL: """
                                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                                    WHERE application_name = 'rt-lease-child-\(leader)'
                                    """), logger: TestServer.logger)
                        try await Task.sleep(for: .milliseconds(2))
                    }
                }
            }
        }
        // The survivors apply every paid note and exit.
        for (index, process) in children.enumerated() where !(failover == .killTheLeader && index == victim) {
            while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
            #expect(process.terminationStatus == 0, "child \(index)")
        }
        if let victim, failover != .none {
            let leads = lines.value.filter { $0.line.hasPrefix("lead ") }
            #expect(leads.contains { $0.child != victim }, "another instance took over")
        }
        let calls = try await TestServer.withConnection { connection -> [String: Int] in
            var calls: [String: Int] = [:]
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT key, calls::bigint FROM \(name)_gateway"), logger: TestServer.logger)
            for try await (key, count) in rows.decode((String, Int64).self) { calls[key] = Int(count) }
            return calls
        }
        // Every order charged, once per key: the external side's de-duplication by key.
        #expect(Set(calls.keys) == Set((0..<orders).map { "order-\($0)" }))
        await journal.close()
        return calls.values.reduce(0, +) - calls.count
    }
}
