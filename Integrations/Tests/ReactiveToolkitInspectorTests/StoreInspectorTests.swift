import Foundation
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore
import Testing

@Suite struct StoreInspectorTests {
    @Test func recordsTheOutcomeOfEveryKindOfAction() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>()
        let dropEmpty = Middleware<Ledger, LedgerAction> { action, _ in action == .add("") ? nil : action }
        let held = TestBox<HeldAction<Ledger, LedgerAction>?>(nil)
        let holdFive = Middleware<Ledger, LedgerAction>(holding: { action, _, holder in
            guard action == .multiply(5) else { return action }
            held.value = holder.hold(action)
            return nil
        })
        let store = Store(
            initialState: Ledger(), reducer: ledgerReducer, middleware: [dropEmpty, holdFive],
            middlewareNames: ["dropEmpty"], inspector: inspector)
        try await store.send(.add("a"))
        await #expect(throws: StoreError.rejected("zero")) { try await store.send(.multiply(0)) }
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.add("")) }
        let waiting = store.sendTracked(.multiply(5))
        held.value?.resume()
        _ = try await waiting.state
        let rows = inspector.rows(matching: "", from: 0, count: 10)["rows"]
        guard case .array(let list)? = rows else { Issue.record("no rows"); return }
        #expect(
            list.map { $0["o"]?.jsonText } == [
                "\"reduced\"", "\"refused: action rejected: zero\"", "\"dropped by dropEmpty\"", "\"held by middleware #2\"",
                "\"reduced\"",
            ])
        #expect(list.map { $0["a"]?.jsonText } == ["\"add \\\"a\\\"\"", "\"multiply 0\"", "\"add \\\"\\\"\"", "\"multiply 5\"", "\"multiply 5\""])
        let detail = try inspector.detail(5)
        #expect(detail.text("state", "total") == "5")
        #expect(detail["diff"] == .array([.string("− total: 1"), .string("+ total: 5")]))
        #expect(try inspector.detail(2)["diff"] == .array([]))  // refused: no change
    }

    @Test func theChartsCountEveryRecordPerSecondAndTheReducedOnesPerDuration() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>()
        let dropEmpty = Middleware<Ledger, LedgerAction> { action, _ in action == .add("") ? nil : action }
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, middleware: [dropEmpty], inspector: inspector)
        for text in ["a", "b", "c"] { try await store.send(.add(text)) }
        await #expect(throws: StoreError.self) { try await store.send(.add("")) }  // dropped: no reducer time
        let charts = try #require(
            try JSONSerialization.jsonObject(with: Data(inspector.charts().jsonText.utf8)) as? [String: [[String: Int]]])
        let rate = try #require(charts["rate"])
        let durations = try #require(charts["durations"])
        #expect(rate.map { $0["n"] ?? 0 }.reduce(0, +) == 4)
        #expect(rate.allSatisfy { ($0["t"] ?? 0) > 1_700_000_000 })  // seconds since 1970
        #expect(durations.map { $0["n"] ?? 0 }.reduce(0, +) == 3)
        let bounds = durations.compactMap { $0["le"] }
        #expect(bounds == bounds.sorted() && bounds.allSatisfy { $0 > 0 && $0 & ($0 - 1) == 0 })  // powers of two
    }

    @Test func keepsAtMostMaximumActionsAndSaysHowManyWereDropped() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(options: InspectorOptions(maximumActions: 3), development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        for factor in 2...6 { try await store.send(.multiply(factor)) }
        let status = inspector.status()
        #expect(status["first"]?.integer == 3)
        #expect(status["next"]?.integer == 6)
        #expect(status["dropped"]?.integer == 2)
        #expect(throws: InspectorError.unknownIndex(2)) { try inspector.detail(2) }
        // The state before the oldest kept action is the one after the last dropped: 2 × 3.
        try await inspector.jump(to: 2)
        #expect(store.state.total == 6)
        try await inspector.returnToPresent()
        #expect(store.state.total == 720)
    }

    @Test func redactsFieldsBeforeAnythingIsDescribed() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(
            options: InspectorOptions(redaction: Redaction(names: ["password"]) { $0 == "login.user" }))
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        try await store.send(.signIn(user: "ada", password: "hunter2"))
        let everything = [
            inspector.rows(matching: "", from: 0, count: 10).jsonText, try inspector.detail(1).jsonText,
            inspector.currentState().jsonText, try inspector.exportSession(),
        ]
        for text in everything {
            #expect(!text.contains("hunter2"))
        }
        #expect(try inspector.detail(1).text("state", "login", "password") == "\"‹redacted›\"")
        #expect(try inspector.detail(1).text("state", "login", "user") == "\"‹redacted›\"")
    }

    @Test func skippingAnActionGivesTheStatesOfAFreshStoreFedTheOthers() async throws {
        let actions: [LedgerAction] = [.add("a"), .multiply(3), .add("b"), .multiply(0), .multiply(7), .add("c")]
        let inspector = StoreInspector<Ledger, LedgerAction>(development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        for action in actions { _ = try? await store.send(action) }
        try await inspector.setSkipped(2, true)  // without .multiply(3)
        let fresh = StoreInspector<Ledger, LedgerAction>()
        let freshStore = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: fresh)
        for (index, action) in actions.enumerated() where index != 1 { _ = try? await freshStore.send(action) }
        #expect(store.state == freshStore.state)
        #expect(store.state.total == 7)
        for (index, freshIndex) in [(3, 2), (4, 3), (5, 4), (6, 5)] {
            #expect(try inspector.detail(index)["state"] == fresh.detail(freshIndex)["state"])
        }
        // The store runs on from the recomputed present.
        #expect(try await store.send(.multiply(2)).total == 14)
        try await inspector.setSkipped(2, false)
        #expect(store.state.total == 3 * 7 * 2)
    }

    @Test func jumpingShowsAnOldStateHoldsSendsAndReturningRunsThem() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        try await store.send(.multiply(2))
        try await store.send(.multiply(3))
        try await inspector.jump(to: 1)
        #expect(store.state.total == 2)
        #expect(inspector.status()["position"]?.integer == 1)
        let sent = Task { try await store.send(.multiply(5)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while inspector.status()["held"]?.integer != 1 {
            guard ContinuousClock.now < deadline else {
                Issue.record("the send was not held")
                return
            }
            await Task.yield()
        }
        #expect(store.state.total == 2)
        try await inspector.jump(to: 0)  // the initial state
        #expect(store.state.total == 1)
        try await inspector.returnToPresent()
        #expect(try await sent.value.total == 30)
        #expect(inspector.status()["position"] == .null)
    }

    @Test func aStoreNotCreatedForDevelopmentIsReadOnly() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>()
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        try await store.send(.add("a"))
        await #expect(throws: InspectorError.self) { try await inspector.jump(to: 1) }
        await #expect(throws: InspectorError.self) { try await inspector.setSkipped(1, true) }
        #expect(throws: InspectorError.self) { try inspector.dispatch(json: #"{"add":{"_0":"x"}}"#) }
        #expect(store.state.entries == ["a"])
    }

    @Test func dispatchesAnActionGivenAsJSONAndRefusesBadJSON() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        try inspector.dispatch(json: #"{"add":{"_0":"from the page"}}"#)
        await store.drained()
        #expect(store.state.entries == ["from the page"])
        #expect(throws: InspectorError.malformedJSON("malformed JSON at byte 8: expected a value")) {
            try inspector.dispatch(json: #"{"add": }"#)
        }
        do {
            try inspector.dispatch(json: #"{"launch":{}}"#)
            Issue.record("an undecodable action was dispatched")
        } catch {
            guard case .undecodableAction = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func anImportedSessionHasTheSameStatesAsTheExportedOne() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(development: true)
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        for action: LedgerAction in [.add("x"), .multiply(4), .fail, .add("y"), .multiply(9)] { _ = try? await store.send(action) }
        try await inspector.setSkipped(2, true)
        let session = try InspectedSession(json: try inspector.exportSession())
        #expect(session.status()["next"]?.integer == 6)
        for index in 1...5 {
            let live = try inspector.detail(index)
            let imported = try session.detail(index)
            #expect(imported["state"] == live["state"])
            #expect(imported["diff"] == live["diff"])
            #expect(imported["outcome"] == live["outcome"])
        }
        #expect(session.currentState() == inspector.currentState())
        #expect(throws: InspectorError.invalidSession("no \"format\": \"\(InspectedSession.format)\"")) {
            try InspectedSession(json: "{}")
        }
        #expect(throws: InspectorError.tooLarge(1_024)) {
            try InspectedSession(json: String(repeating: " ", count: 2_000), options: InspectorOptions(maximumBytes: 1_024))
        }
    }

    @Test func recordsAFeedbackLoopThroughItsReducer() throws {
        let inspector = StoreInspector<Int, Int>()
        let reducer = inspector.recording(Reducer<Int, Int> { state, event in state + event })
        var state = 10
        for event in [1, 2, 3] { try? reducer(&state, event) }
        #expect(state == 16)
        #expect(inspector.status()["next"]?.integer == 4)
        #expect(try inspector.detail(1)["diff"] == .array([.string("− 10"), .string("+ 11")]))
    }

    @Test func releasesWhatItDropsOutsideItsLock() async throws {
        // A state whose deinit reads the inspector (takes its lock): released under the lock, it
        // would deadlock (NSLock is not recursive).
        final class Probe: Sendable {
            let inspector: TestBox<StoreInspector<Holder, Int>?>
            init(_ inspector: TestBox<StoreInspector<Holder, Int>?>) { self.inspector = inspector }
            deinit { _ = inspector.value?.status() }
        }
        struct Holder: Sendable { var probe: Probe }
        let box = TestBox<StoreInspector<Holder, Int>?>(nil)
        let inspector = StoreInspector<Holder, Int>(options: InspectorOptions(maximumActions: 1), development: true)
        box.value = inspector
        let store = Store(
            initialState: Holder(probe: Probe(box)),
            reducer: Reducer(mutating: { state, _ in state.probe = Probe(box) }), inspector: inspector)
        for action in 0..<20 { try await store.send(action) }
        #expect(inspector.status()["dropped"]?.integer == 19)
        box.value = nil
    }

    @Test func manyThreadsSendingWhileAReaderReadsLoseNoRecord() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(options: InspectorOptions(maximumActions: 500))
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        let done = TestBox(false)
        let reader = Thread {
            while !done.value {
                _ = inspector.rows(matching: "add", from: 0, count: 50)
                _ = try? inspector.detail(inspector.status()["next"]!.integer! - 1)
            }
        }
        reader.start()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<1_000 { store.dispatch(.add("\(thread)-\(index)")) }
        }
        await store.drained()
        done.value = true
        #expect(inspector.status()["next"]?.integer == 4_001)
        #expect(inspector.status()["dropped"]?.integer == 3_500)
        #expect(store.state.entries.count == 4_000)
    }
}
