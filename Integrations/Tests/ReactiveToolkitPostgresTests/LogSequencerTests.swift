import Testing

@testable import ReactiveToolkitPostgres

/// The pure ordering state machine: actions reach the store in sequence order, once, no gap.
@Suite struct LogSequencerTests {
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

    @Test func aSkippedPlaceFillsTheGapWithNoAction() {
        var sequencer = Sequencer(applied: 4)
        sequencer.received("c", at: 7)
        sequencer.received("a", at: 5)
        #expect(drain(&sequencer) == ["remote:a"])
        sequencer.skipped(at: 6)
        #expect(!sequencer.hasGap)
        #expect(drain(&sequencer) == ["skipped:6", "remote:c"])
        #expect(sequencer.applied == 7)
    }

    @Test func aLocalActionWaitsForTheRemoteActionsBeforeIt() {
        var sequencer = Sequencer(applied: 10)
        sequencer.register(origin: "me:1", local: "A")
        sequencer.committed(origin: "me:1", at: 13)
        #expect(sequencer.hasGap)
        #expect(sequencer.frontier == 10)
        #expect(drain(&sequencer) == [])
        sequencer.received("x", at: 11)
        #expect(drain(&sequencer) == ["remote:x"])
        sequencer.received("y", at: 12)
        #expect(drain(&sequencer) == ["remote:y", "local:A"])
        #expect(sequencer.applied == 13)
        #expect(!sequencer.hasGap)
    }

    @Test func anActionIsHandedOnOnceWhateverReportsItFirst() {
        var sequencer = Sequencer(applied: 0)
        sequencer.register(origin: "me:1", local: "A")
        // A catch-up finds it before the insert's reply…
        #expect(sequencer.isUncommitted("me:1"))
        let placed = sequencer.committed(origin: "me:1", at: 1)
        #expect(placed)
        // …the reply comes later, and a read of the log sees it again.
        let placedAgain = sequencer.committed(origin: "me:1", at: 1)
        #expect(!placedAgain)
        sequencer.received("A-decoded", at: 1)
        #expect(drain(&sequencer) == ["local:A"])
        sequencer.received("A-again", at: 1)
        #expect(drain(&sequencer) == [])
    }

    @Test func aNotificationAfterTheFrontierIsAGap() {
        var sequencer = Sequencer(applied: 5)
        sequencer.known(7)
        #expect(sequencer.hasGap)
        sequencer.received("six", at: 6)
        sequencer.received("seven", at: 7)
        #expect(sequencer.frontier == 7)
        #expect(!sequencer.hasGap)
        #expect(drain(&sequencer) == ["remote:six", "remote:seven"])
    }

    @Test func onlyOneCallerDrainsAtATime() {
        var sequencer = Sequencer(applied: 0)
        sequencer.received("a", at: 1)
        let first = sequencer.beginDrain()
        #expect(first?.count == 1)
        sequencer.received("b", at: 2)
        let second = sequencer.beginDrain()
        #expect(second == nil)  // another caller: the drainer hands it on
        let next = sequencer.nextBatch()
        #expect(next?.count == 1)
        let end = sequencer.nextBatch()
        #expect(end == nil)
        sequencer.received("c", at: 3)
        let again = sequencer.beginDrain()
        #expect(again?.count == 1)
    }

    @Test func removeAllReturnsWhatWaits() {
        var sequencer = Sequencer(applied: 0)
        sequencer.register(origin: "me:1", local: "A")
        sequencer.register(origin: "me:2", local: "B")
        sequencer.committed(origin: "me:2", at: 2)
        let removed = sequencer.removeAll()
        #expect(removed.waiting.count == 1)
        #expect(removed.uncommitted == ["A"])
        #expect(sequencer.uncommittedCount == 0)
    }
}
