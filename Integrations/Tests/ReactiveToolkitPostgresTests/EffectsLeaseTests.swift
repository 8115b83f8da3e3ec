import Foundation
import IntegrationsTestSupport
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite
import Testing

/// The effects lease and its fencing epoch, in one process, against a real server.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(2)))
struct EffectsLeaseTests {
    @Test func oneInstanceLeadsAndAnotherTakesOverWithTheNextEpochWhenItCloses() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let leads = Locked<[Int]>([])
        let stops = Locked<[Int]>([])
        var instances: [(Store<Ledger, LedgerAction>, PostgresJournal<Ledger, LedgerAction>)] = []
        for index in 0..<2 {
            let instance = try await openLedger(name) {
                $0.effectsLease = EffectsLeaseOptions(duration: .seconds(2), renewInterval: .milliseconds(100))
            }
            instances.append(instance)
            let lease = try #require(instance.1.lease)
            _ = lease.whileLeading {
                leads.mutate { $0.append(index) }
                return { stops.mutate { $0.append(index) } }
            }
        }
        try await eventually("one instance leads") { leads.value.count == 1 }
        let leader = leads.value[0]
        let first = try #require(instances[leader].1.lease?.epoch)
        #expect(instances[1 - leader].1.lease?.isLeader == false)
        await instances[leader].1.close()  // releases the lease: the other wins it at its next attempt
        try await eventually("the other instance leads", within: .seconds(5)) { leads.value.count == 2 }
        #expect(leads.value == [leader, 1 - leader])
        #expect(stops.value == [leader])
        #expect(instances[1 - leader].1.lease?.epoch == first + 1)
        await instances[1 - leader].1.close()
    }

    @Test func anActionOfAFencedOffLeaderIsRefusedWithTheTypedErrorAndNotLogged() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        // The old leader renews rarely: it does not notice the takeover before it sends.
        let (old, oldJournal) = try await openLedger(name) {
            $0.effectsLease = EffectsLeaseOptions(duration: .seconds(60), renewInterval: .seconds(30))
        }
        try await eventually("the first instance leads") { oldJournal.lease?.isLeader == true }
        let epoch = try #require(oldJournal.lease?.epoch)
        _ = try await old.send(.note("while leading"))
        let (new, newJournal) = try await openLedger(name) {
            $0.effectsLease = EffectsLeaseOptions(duration: .seconds(60), renewInterval: .milliseconds(100))
        }
        // The old leader is paused (as far as the database knows): its lease expires.
        try await TestServer.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "UPDATE \(name)_lease SET expires_at = '-infinity'"), logger: TestServer.logger)
        }
        try await eventually("the second instance took over") { newJournal.lease?.isLeader == true }
        #expect(newJournal.lease?.epoch == epoch + 1)
        #expect(oldJournal.lease?.isLeader == true)  // it does not know yet
        var refusal: String?
        do throws(StoreError) {
            _ = try await old.send(.note("from the old leader"))
        } catch {
            refusal = "\(error)"
        }
        #expect(refusal?.contains("fenced") == true, "\(refusal ?? "accepted")")
        #expect(oldJournal.lastRefusal?.error == .fenced(epoch: epoch, current: epoch + 1))
        _ = try await new.send(.note("from the new leader"))
        let log = try await TestServer.log(name, as: LedgerAction.self)
        #expect(log == [.note("while leading"), .note("from the new leader")])
        try await eventually("the old instance applied the new leader's action") {
            old.state.history == ["while leading", "from the new leader"]
        }
        await oldJournal.close()
        await newJournal.close()
    }

    @Test func aStoreWithoutALeaseSendsAsBefore() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let (store, journal) = try await openLedger(name)
        #expect(journal.lease == nil)
        _ = try await store.send(.deposit(3, tag: "a"))
        #expect(try await TestServer.log(name, as: LedgerAction.self) == [.deposit(3, tag: "a")])
        await journal.close()
    }
}
