import Dispatch
import Foundation
@testable import StoreKitLite
import TestSupport
import Testing

/// Versions of one collection share their storage: a change through one value never shows
/// through another (copy-on-write, whatever the mutation path), releases every element exactly
/// once, and stays sound while versions are read on several threads.
@Suite struct ElementVersionTests {
    @Test(arguments: Mutation.all)
    func aChangeLeavesEveryOtherValueAsItWas(_ mutation: Mutation) {
        let original = items(0..<50)
        let before = Array(original)
        var changed = original
        mutation.change(&changed)
        var expected = before
        mutation.expected(&expected)
        expectHolds(changed, expected)
        expectHolds(original, before)  // the held version is intact
        // And the other way round: changing the older value after the newer one changed.
        var older = original
        mutation.change(&older)
        expectHolds(older, expected)
        expectHolds(changed, expected)
        expectHolds(original, before)
    }

    @Test func aLineOfVersionsReadsEachVersionsOwnElements() {
        var versions = [items(0..<20)]
        var expected = [(0..<20).map(item)]
        for step in 0..<60 {
            var next = versions[versions.count - 1]
            next[id: step % 20]?.name = "step \(step)"
            var elements = expected[expected.count - 1]
            elements[step % 20].name = "step \(step)"
            versions.append(next)
            expected.append(elements)
        }
        for (version, elements) in zip(versions, expected) { expectHolds(version, elements) }
        // Changing a version in the middle of the line gives it a lineage of its own.
        var middle = versions[30]
        middle[id: 0]?.name = "fork"
        var forked = expected[30]
        forked[0].name = "fork"
        expectHolds(middle, forked)
        for (version, elements) in zip(versions, expected) { expectHolds(version, elements) }
    }

    @Test func aChangeWhileAnotherVersionIsHeldCopiesNoElement() {
        let held = items(0..<1_000)
        var newest = held
        let storage = held.values.version.storage
        for id in [5, 500, 999, 5] { newest[id: id]?.name = "changed \(id)" }
        newest[10].tags = ["t"]
        #expect(newest.values.version.storage === storage)  // the same storage: no copy
        #expect(held[id: 5] == item(5))
        #expect(newest[id: 5]?.name == "changed 5")
    }

    @Test func everyElementIsReleasedExactlyOnceWhateverTheVersionsDid() {
        let live = LiveCount()
        do {
            var versions: [IdentifiedArrayOf<TrackedItem>] = [IdentifiedArray(uniqueElements: (0..<40).map { TrackedItem(id: $0, payload: Payload(live)) })]
            for step in 0..<200 {
                var next = versions[versions.count - 1]
                switch step % 5 {
                case 0: next[id: step % 40]?.payload = Payload(live)
                case 1: next[id: (step + 1) % 40] = nil
                case 2: next.append(TrackedItem(id: 100 + step, payload: Payload(live)))
                case 3: next[(step * 7) % next.count].payload = Payload(live)
                default: next.removeAll { $0.id == step % 40 }
                }
                versions.append(next)
                if step % 3 == 0 { versions.remove(at: versions.count / 2) }  // versions die out of order
            }
            #expect(live.value > 0)
        }
        #expect(live.value == 0)
    }

    @Test func aRemovalInPlaceWhileAnotherVersionIsHeldReleasesEveryElementOnce() {
        let live = LiveCount()
        do {
            let held = IdentifiedArray(uniqueElements: (0..<4).map { TrackedItem(id: $0, payload: Payload(live)) })
            var newest = held
            newest[id: 2] = nil  // moved out, then removed: the old storage keeps an empty slot
            #expect(newest.map(\.id) == [0, 1, 3])
            #expect(held.map(\.id) == [0, 1, 2, 3])
            #expect(live.value == 4)
        }
        #expect(live.value == 0)
    }

    @Test func aMillionVersionsAreReleasedWithoutRecursion() {
        let held = items(0..<4)
        var newest = held
        for step in 0..<1_000_000 { newest[id: step % 4]?.name = "\(step % 7)" }
        #expect(held[id: 0] == item(0))  // walks the whole line
        #expect(ElementVersion.changedPositions(from: held.values.version, to: newest.values.version) == [0, 1, 2, 3])
        // `held` and then the line behind it go here: a recursive release would overflow the stack.
    }

    @Test func versionsReadOnOtherThreadsWhileTheNewestChangesSeeTheirOwnElements() async {
        let count = 16
        var newest = items(0..<count)
        let readers = DispatchGroup()
        let failures = Box(0)
        for round in 0..<100 {
            // A reader takes the current version and checks it while the writer goes on.
            let snapshot = newest
            readers.enter()
            DispatchQueue.global().async {
                for position in 0..<count where snapshot[position].name != snapshotName(position, round) {
                    failures.mutate { $0 += 1 }
                }
                if Array(snapshot) != (0..<count).map({ Item(id: $0, name: snapshotName($0, round)) }) { failures.mutate { $0 += 1 } }
                readers.leave()
            }
            for position in 0..<count { newest[position].name = "round \(round + 1) row \(position)" }
        }
        await withCheckedContinuation { continuation in readers.notify(queue: .global()) { continuation.resume() } }
        #expect(failures.value == 0)
        #expect(Array(newest) == (0..<count).map { Item(id: $0, name: snapshotName($0, 100)) })
    }

    #if DEBUG
    @Test func changingAnElementsIDInPlaceTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var array = items(0..<3)
            array[id: 1] = item(2)
        }
        #expect(result?.standardErrorText.contains("the element of id 1 was changed to the id 2") == true)
        let byPosition = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var array = items(0..<3)
            array[0] = item(5)
        }
        #expect(byPosition?.standardErrorText.contains("was changed from id 0 to 5") == true)
    }

    @Test func repeatedIDsInUniqueElementsTrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = items([1, 2, 1])
        }
        #expect(result?.standardErrorText.contains("the id 1 appears more than once") == true)
    }
    #endif
}

/// The name row `position` has in the snapshot taken at `round` of the threads test.
private func snapshotName(_ position: Int, _ round: Int) -> String {
    round == 0 ? "item \(position)" : "round \(round) row \(position)"
}

extension ExitTest.Result {
    /// The child's standard error, as text.
    fileprivate var standardErrorText: String { String(decoding: standardErrorContent, as: UTF8.self) }
}
