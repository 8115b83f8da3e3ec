import Foundation
import IntegrationsTestSupport
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore
import Testing

/// The history is bounded in bytes as well as in count: the oldest actions are dropped, the
/// status says how many and for which bound, and what stays is right (states, time travel).
@Suite struct HistoryBytesTests {
    @Test func withoutAMeasureTheByteBoundLimitsTheSlots() async throws {
        let probe = StoreInspector<Ledger, LedgerAction>()
        let slot = probe.recordSlotBytes
        let inspector = StoreInspector<Ledger, LedgerAction>(options: InspectorOptions(maximumRecordedBytes: 10 * slot + slot / 2))
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        for index in 1...15 { try await store.send(.add("\(index)")) }
        let status = inspector.status()
        #expect(status["capacity"]?.integer == 10)
        #expect(status["first"]?.integer == 6)
        #expect(status["dropped"]?.integer == 5)
        #expect(status["droppedForBytes"]?.integer == 5)
        #expect(status["bytes"]?.integer == 10 * slot)
        #expect(status["measured"] == .bool(false))
        #expect(try inspector.detail(6).text("state", "entries") == #"["1","2","3","4","5","6"]"#)
    }

    @Test func aMeasureDropsTheOldestUntilTheKeptActionsFit() async throws {
        // Each record counts its slot and the bytes of its text: a big action pushes several out.
        let slot = StoreInspector<Ledger, LedgerAction>().recordSlotBytes
        let budget = 5 * slot + 300
        let bounded = StoreInspector<Ledger, LedgerAction>(
            options: InspectorOptions(maximumActions: 1_000, maximumRecordedBytes: budget), development: true,
            measure: { action, _ in if case .add(let text) = action { text.utf8.count } else { 0 } })
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: bounded)
        for index in 1...4 { try await store.send(.add(String(repeating: "\(index)", count: 50))) }
        #expect(bounded.status()["dropped"]?.integer == 0)
        #expect(bounded.status()["bytes"]?.integer == 4 * (slot + 50))
        try await store.send(.add(String(repeating: "x", count: 200)))  // 4 × 50 + 200 > 300: #1 goes
        var status = bounded.status()
        #expect(status["first"]?.integer == 2)
        #expect(status["droppedForBytes"]?.integer == 1)
        #expect((status["bytes"]?.integer ?? .max) <= budget)
        try await store.send(.multiply(3))  // one more slot: #2 goes
        try await store.send(.add(String(repeating: "y", count: 250)))  // pushes out #3 and #4
        status = bounded.status()
        #expect(status["first"]?.integer == 5)
        #expect(status["dropped"]?.integer == 4)
        #expect(status["droppedForBytes"]?.integer == 4)
        #expect((status["bytes"]?.integer ?? .max) <= budget)
        #expect(status["measured"] == .bool(true))
        // What stays is whole: the state before the oldest kept action is the one after #4.
        try await bounded.jump(to: 4)
        #expect(store.state.entries.count == 4)
        try await bounded.returnToPresent()
        #expect(store.state.entries.count == 6)
        #expect(store.state.total == 3)
    }

    @Test func aRecordThatAloneIsOverTheBudgetIsStillKept() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(
            options: InspectorOptions(maximumRecordedBytes: 10), measure: { _, _ in 1_000 })
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        try await store.send(.add("a"))
        try await store.send(.add("b"))
        #expect(inspector.status()["first"]?.integer == 2)
        #expect(inspector.status()["next"]?.integer == 3)
        #expect(try inspector.detail(2).text("state", "entries") == #"["a","b"]"#)
    }

    @Test func releasesWhatTheByteBoundDropsOutsideItsLock() async throws {
        // A state whose deinit reads the inspector (takes its lock): released under the lock, it
        // would deadlock (the lock is not recursive).
        final class Probe: Sendable {
            let inspector: TestBox<StoreInspector<Holder, Int>?>
            init(_ inspector: TestBox<StoreInspector<Holder, Int>?>) { self.inspector = inspector }
            deinit { _ = inspector.value?.status() }
        }
        struct Holder: Sendable { var probe: Probe }
        let box = TestBox<StoreInspector<Holder, Int>?>(nil)
        let inspector = StoreInspector<Holder, Int>(
            options: InspectorOptions(maximumActions: 100, maximumRecordedBytes: 1), development: true, measure: { _, _ in 10 })
        box.value = inspector
        let store = Store(
            initialState: Holder(probe: Probe(box)),
            reducer: Reducer(mutating: { state, _ in state.probe = Probe(box) }), inspector: inspector)
        for action in 0..<20 { try await store.send(action) }
        #expect(inspector.status()["droppedForBytes"]?.integer == 19)
        box.value = nil
    }

    @Test func manyThreadsSendingIntoAMeasuredHistoryKeepItWithinItsBudget() async throws {
        let slot = StoreInspector<Ledger, LedgerAction>().recordSlotBytes
        let budget = 200 * (slot + 8)
        let inspector = StoreInspector<Ledger, LedgerAction>(
            options: InspectorOptions(maximumActions: 10_000, maximumRecordedBytes: budget),
            measure: { action, _ in if case .add(let text) = action { text.utf8.count } else { 0 } })
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        let done = TestBox(false)
        let reader = Thread {
            while !done.value {
                let status = inspector.status()
                _ = try? inspector.detail(status["first"]?.integer ?? 1)
                _ = inspector.rows(matching: "", from: 0, count: 20)
            }
        }
        reader.start()
        // Blocking: on a thread of its own, not one of the cooperative pool's.
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<1_000 { store.dispatch(.add(String(format: "%04d%04d", thread, index))) }
            }
        }
        await store.drained()
        done.value = true
        let status = inspector.status()
        #expect(status["next"]?.integer == 4_001)
        #expect(status["dropped"]?.integer == 3_800)
        #expect(status["bytes"]?.integer == budget)
        #expect(store.state.entries.count == 4_000)
    }
}
