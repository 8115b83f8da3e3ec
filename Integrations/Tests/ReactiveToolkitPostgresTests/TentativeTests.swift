import Foundation
import PostgresNIO
import Testing

@testable import ReactiveToolkitPostgres

/// Other instances' actions seen committed but not known durable (Decision 0029): held apart,
/// never handed on before a barrier confirms them, and only by a barrier that can vouch for them.
@Suite struct TentativeTests {
    typealias Sequencer = LogSequencer<String, String>

    private func drain(_ sequencer: inout Sequencer) -> [String] {
        var out: [String] = []
        var batch = sequencer.beginDrain()
        while let entries = batch {
            for entry in entries {
                switch entry {
                case .remote(let action): out.append("remote:\(action)")
                case .local(let held): out.append("local:\(held)")
                case .skipped(let sequence): out.append("skipped:\(sequence)")
                }
            }
            batch = sequencer.nextBatch()
        }
        return out
    }

    @Test func aTentativeActionIsKnownButNotHandedOnUntilConfirmed() {
        var sequencer = Sequencer(applied: 0)
        let tookA = sequencer.tentative("a", at: 1, ticket: 5)
        let tookB = sequencer.tentative("b", at: 2, ticket: 5)
        #expect(tookA && tookB)
        // Known: no gap, no read for it…
        #expect(sequencer.frontier == 2)
        #expect(!sequencer.hasGap)
        #expect(sequencer.hasTentative)
        // …but not applied.
        #expect(drain(&sequencer) == [])
        #expect(sequencer.applied == 0)
        // A barrier that returned place 1 confirms only the first.
        let first = sequencer.confirm(through: 1, after: 5)
        #expect(first.isEmpty)
        #expect(drain(&sequencer) == ["remote:a"])
        let second = sequencer.confirm(through: 9, after: 5)
        #expect(second.isEmpty)
        #expect(drain(&sequencer) == ["remote:b"])
        #expect(!sequencer.hasTentative)
    }

    @Test func onlyABarrierOfAConnectionOpenedAtOrBeforeTheOneThatSawItConfirms() {
        var sequencer = Sequencer(applied: 0)
        _ = sequencer.tentative("a", at: 1, ticket: 5)
        // A connection opened after (ticket 6): a crash between may have replaced the action.
        let later = sequencer.confirm(through: 10, after: 6)
        #expect(later.isEmpty)
        #expect(drain(&sequencer) == [])
        #expect(sequencer.hasTentative)
        // The connection that saw it (5), or one opened before it (3), can.
        let earlier = sequencer.confirm(through: 10, after: 3)
        #expect(earlier.isEmpty)
        #expect(drain(&sequencer) == ["remote:a"])
    }

    @Test func aReadOfTheLogReplacesATentativeActionAndReturnsItForRelease() {
        var sequencer = Sequencer(applied: 0)
        _ = sequencer.tentative("seen", at: 1, ticket: 1)
        let replaced = sequencer.received("read", at: 1)
        #expect(replaced == "seen")
        #expect(!sequencer.hasTentative)
        #expect(drain(&sequencer) == ["remote:read"])
        // A place already known is not taken again.
        let late = sequencer.tentative("late", at: 1, ticket: 1)
        #expect(!late)
        let took = sequencer.tentative("x", at: 2, ticket: 1)
        #expect(took)
        let replacedBySkip = sequencer.skipped(at: 2)
        #expect(replacedBySkip == "x")
        #expect(drain(&sequencer) == ["skipped:2"])
    }

    @Test func droppedTentativeActionsLeaveAGapToRead() {
        var sequencer = Sequencer(applied: 0)
        _ = sequencer.tentative("a", at: 1, ticket: 1)
        _ = sequencer.tentative("b", at: 2, ticket: 1)
        #expect(!sequencer.hasGap)
        let dropped = sequencer.dropTentative()
        #expect(dropped.sorted() == ["a", "b"])
        #expect(sequencer.hasGap)  // known to exist, now missing
        #expect(sequencer.frontier == 0)
        #expect(sequencer.firstKnown(after: 0) == nil)
    }

    @Test func aGapIsReadOnlyUpToTheFirstKnownPlace() {
        var sequencer = Sequencer(applied: 0)
        _ = sequencer.tentative("c", at: 3, ticket: 1)
        sequencer.received("e", at: 5)
        #expect(sequencer.frontier == 0)
        #expect(sequencer.firstKnown(after: 0) == 3)
        sequencer.received("a", at: 1)
        sequencer.received("b", at: 2)
        #expect(sequencer.frontier == 3)
        #expect(sequencer.firstKnown(after: 3) == 5)
        #expect(drain(&sequencer) == ["remote:a", "remote:b"])
    }

    @Test func removeAllReleasesTentativeActionsToo() {
        var sequencer = Sequencer(applied: 0)
        _ = sequencer.tentative("a", at: 1, ticket: 1)
        let removed = sequencer.removeAll()
        #expect(removed.waiting.count == 1)
        #expect(!sequencer.hasTentative)
    }

    @Test func aBatchTravelsInItsNotificationWhenItIsSmallPrintableASCII() throws {
        let payloads = [#"{"note":{"_0":"a"}}"#, #"{"deposit":{"_0":1}}"#].map { ByteBuffer(string: $0) }
        let notice = ShippedBatch.notice(instance: "me", payloads: payloads)
        let parsed = try #require(ShippedBatch.parse("42 2" + notice))
        #expect(parsed.last == 42)
        #expect(parsed.instance == "me")
        #expect(parsed.payloads?.map { String(decoding: $0, as: UTF8.self) } == payloads.map { String(buffer: $0) })
    }

    @Test func aBatchTooLargeOrNotASCIIOrAnOlderNotificationCarriesNoActions() throws {
        let large = [ByteBuffer(string: String(repeating: "x", count: ShippedBatch.budget))]
        #expect(ShippedBatch.notice(instance: "me", payloads: large) == " me")
        let accented = [ByteBuffer(string: #"{"note":{"_0":"é"}}"#)]
        #expect(ShippedBatch.notice(instance: "me", payloads: accented) == " me")
        let header = try #require(ShippedBatch.parse("42 1 me"))
        #expect(header.instance == "me")
        #expect(header.payloads == nil)
        let older = try #require(ShippedBatch.parse("42"))
        #expect(older.last == 42)
        #expect(older.instance == nil)
        #expect(older.payloads == nil)
        #expect(ShippedBatch.parse("not a place") == nil)
        // A body that does not match its count is not trusted.
        #expect(ShippedBatch.parse("42 2 me\n3:abc")?.payloads == nil)
        #expect(ShippedBatch.parse("42 1 me\n9:abc")?.payloads == nil)
    }
}
