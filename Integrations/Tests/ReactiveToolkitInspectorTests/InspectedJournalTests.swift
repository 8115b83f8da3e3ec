import Foundation
import ReactiveToolkitInspector
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore
import Testing

/// A journal's history replayed with the store's reducer, read-only: a service's post-mortem.
@Suite struct InspectedJournalTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("inspected-journal-\(UUID().uuidString)", isDirectory: true)
    }

    /// Runs a journaled store on `folder` through `actions`; returns its final state.
    static func run(_ actions: [LedgerAction], in folder: URL, snapshotEvery: Int = 10_000) async throws -> Ledger {
        let journal = try FileJournal<Ledger, LedgerAction>(folder: folder, options: JournalOptions(snapshotEvery: snapshotEvery))
        let store = try Store(initialState: Ledger(), reducer: ledgerReducer, journal: journal)
        for action in actions { _ = try? await store.send(action) }
        try journal.close()
        return store.state
    }

    @Test func stepsThroughAFileJournalsHistoryLikeARecordedSession() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions: [LedgerAction] = [.add("a"), .multiply(3), .multiply(0), .add("b"), .multiply(5)]
        let live = try await Self.run(actions, in: folder)
        let contents = try FileJournalReader<Ledger, LedgerAction>(folder: folder).read()
        let journal = InspectedJournal(contents, initialState: Ledger(), reducer: ledgerReducer)
        // A store fed the same actions, recorded live: the same rows, states and diffs.
        let recorder = StoreInspector<Ledger, LedgerAction>()
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: recorder)
        for action in actions { _ = try? await store.send(action) }
        for index in 1...5 {
            let replayed = try journal.detail(index)
            let recorded = try recorder.detail(index)
            #expect(replayed["state"] == recorded["state"])
            #expect(replayed["diff"] == recorded["diff"])
            #expect(replayed["outcome"] == recorded["outcome"])
            #expect(replayed["action"] == recorded["action"])
        }
        #expect(journal.currentState() == InspectorValue(reflecting: live))
        guard case .array(let rows)? = journal.rows(matching: "", from: 0, count: 10)["rows"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows.map { $0["o"]?.summary } == ["reduced", "reduced", "refused: action rejected: zero", "reduced", "reduced"])
        #expect(journal.status()["journal"]?["source"]?.summary == "FileJournal \(folder.path)")
        await #expect(throws: InspectorError.readOnly("a replayed journal")) { try await journal.jump(to: 1) }
        #expect(throws: InspectorError.readOnly("a replayed journal")) { try journal.dispatch(json: "{}") }
    }

    @Test func startsAtTheSnapshotNumbersRowsByTheirPlaceAndKeepsTheLastActions() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions = (1...23).map { LedgerAction.add("\($0)") }
        let live = try await Self.run(actions, in: folder, snapshotEvery: 10)
        let contents = try FileJournalReader<Ledger, LedgerAction>(folder: folder).read()
        #expect(contents.snapshotSequence == 20)
        let journal = InspectedJournal(
            contents, initialState: Ledger(), reducer: ledgerReducer, options: InspectorOptions(maximumActions: 2))
        let status = journal.status()
        #expect(status["first"]?.integer == 22)
        #expect(status["next"]?.integer == 24)
        #expect(status["dropped"]?.integer == 1)
        #expect(throws: InspectorError.unknownIndex(21)) { try journal.detail(21) }
        // The diff of the oldest kept action is against the state after the one left out.
        #expect(try journal.detail(22)["diff"] == .array([.string(#"+ entries[21]: "22""#)]))
        #expect(journal.currentState() == InspectorValue(reflecting: live))
    }

    @Test func showsEmptiedAndUndecodablePlacesWithoutChangingTheState() throws {
        let contents = JournalContents<Ledger, LedgerAction>(
            source: "test", snapshotSequence: 0, snapshot: nil,
            entries: [
                JournalEntry(sequence: 1, date: Date(timeIntervalSince1970: 1_000), content: .action(.add("x"))),
                JournalEntry(sequence: 2, content: .noAction),
                JournalEntry(sequence: 3, content: .undecodable(reason: "unknown case launch")),
                JournalEntry(sequence: 4, content: .action(.multiply(2))),
            ],
            notes: ["a torn tail of 7 bytes after action 4 was ignored"])
        let journal = InspectedJournal(contents, initialState: Ledger(), reducer: ledgerReducer)
        guard case .array(let rows)? = journal.rows(matching: "", from: 0, count: 10)["rows"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows.map { $0["k"]?.summary } == ["reduced", "empty", "undecodable", "reduced"])
        #expect(rows.first?["t"]?.integer == 1_000_000)
        #expect(try journal.detail(3)["diff"] == .array([]))
        #expect(try journal.detail(3)["outcome"]?["text"]?.summary == "undecodable: unknown case launch")
        #expect(try journal.detail(4).text("state", "total") == "2")
        #expect(journal.status()["journal"]?["notes"] == .array([.string("a torn tail of 7 bytes after action 4 was ignored")]))
        // Its export imports as a session with the same states.
        let session = try InspectedSession(json: try journal.exportSession())
        #expect(try session.detail(4)["state"] == journal.detail(4)["state"])
    }

    @Test func aServerServesAReplayedJournalReadOnly() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await Self.run([.add("a"), .multiply(4)], in: folder)
        let journal = InspectedJournal(
            try FileJournalReader<Ledger, LedgerAction>(folder: folder).read(), initialState: Ledger(), reducer: ledgerReducer)
        let server = try await InspectorServer.start(journal, configuration: .init(token: "t"), announce: false)
        let rows = await RawHTTP.request(
            port: server.port,
            "GET /api/rows HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAuthorization: Bearer t\r\nConnection: close\r\n\r\n")
        #expect(rows?.status == 200)
        #expect(rows?.text.contains(#""a":"multiply 4""#) == true)
        let jump = await RawHTTP.request(
            port: server.port,
            "POST /api/jump HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAuthorization: Bearer t\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{\"index\":1}")
        #expect(jump?.status == 409)
        await server.stop()
    }
}
