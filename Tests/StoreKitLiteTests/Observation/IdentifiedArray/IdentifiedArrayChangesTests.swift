@testable import StoreKitLite
import Testing

/// A for-each scope learns which elements changed from the change itself: the ids a mutation
/// touched in place, or that elements came, went or moved. Checked for every mutation path.
@Suite struct IdentifiedArrayChangesTests {
    @Test(arguments: Mutation.all)
    func aMutationReportsTheIDsItTouchedOrThatTheIDsChanged(_ mutation: Mutation) {
        let shown = items(0..<50)
        var next = shown
        mutation.change(&next)
        let expected: ChangeSummary = mutation.touched.map { .contents($0) } ?? .identifiers
        #expect(ChangeSummary(next.elementChanges(since: shown)) == expected)
        // The scope compares versions the other way round too (a reducer that restores an
        // older value): the same ids.
        if let touched = mutation.touched {
            #expect(ChangeSummary(shown.elementChanges(since: next)) == .contents(touched))
        }
    }

    @Test func noChangeAndACopyReportNothing() {
        let shown = items(0..<50)
        #expect(ChangeSummary(shown.elementChanges(since: shown)) == .none)
        var copy = shown
        copy.removeAll { _ in false }  // no element removed: the same version
        copy.sort { $0.id < $1.id }  // already in order: the same version
        copy.move(fromOffsets: [3], toOffset: 4)  // to where it is: the same version
        #expect(ChangeSummary(copy.elementChanges(since: shown)) == .none)
        #expect(copy.isIdentical(to: shown))
    }

    @Test func theChangesOfManyVersionsAreTheUnionOfTheirIDs() {
        let shown = items(0..<100)
        var next = shown
        var intermediate: [IdentifiedArrayOf<Item>] = []
        for id in [90, 3, 90, 42, 3] {
            next[id: id]?.name = "changed"
            intermediate.append(next)  // held versions in between do not change the answer
        }
        #expect(ChangeSummary(next.elementChanges(since: shown)) == .contents([3, 42, 90]))
        #expect(ChangeSummary(next.elementChanges(since: intermediate[2])) == .contents([3, 42]))
        #expect(ElementVersion.changedPositions(from: shown.values.version, to: next.values.version) == [3, 42, 90])
    }

    @Test func collectionsOfOtherLineagesReportThatTheIDsMayHaveChanged() {
        let shown = items(0..<10)
        #expect(ChangeSummary(items(0..<10).elementChanges(since: shown)) == .identifiers)
        // A change to an older version (it gets a lineage of its own) is compared as new ids.
        var newest = shown
        newest[id: 1]?.name = "one"
        var older = shown
        older[id: 2]?.name = "two"
        #expect(ChangeSummary(older.elementChanges(since: newest)) == .identifiers)
        #expect(ElementVersion.changedPositions(from: newest.values.version, to: older.values.version) == nil)
    }
}
