import Foundation
import StoreKitLite
import Testing

@Suite struct IdentifiedArrayTests {
    @Test func readsByPositionAndByID() {
        let array = items([3, 1, 2])
        expectHolds(array, [item(3), item(1), item(2)])
        #expect(array[id: 4] == nil)
        #expect(array.index(id: 4) == nil)
        #expect(!array.ids.contains(4))
        #expect(IdentifiedArrayOf<Item>().isEmpty)
        let literal: IdentifiedArrayOf<Item> = [item(1), item(2)]
        expectHolds(literal, [item(1), item(2)])
    }

    @Test func uniquingIDsKeepsTheFirstPositionAndTheChosenElement() {
        let array = IdentifiedArray([item(1), item(2), Item(id: 1, name: "later")], uniquingIDsWith: { _, later in later })
        expectHolds(array, [Item(id: 1, name: "later"), item(2)])
    }

    @Test func theIDSubscriptChangesInPlaceRemovesOnNilAndAppendsANewID() {
        var array = items(0..<3)
        array[id: 1]?.name = "one"
        array[id: 1]?.tags.append("t")
        expectHolds(array, [item(0), Item(id: 1, name: "one", tags: ["t"]), item(2)])
        array[id: 0] = nil
        expectHolds(array, [Item(id: 1, name: "one", tags: ["t"]), item(2)])
        array[id: 7] = item(7)
        expectHolds(array, [Item(id: 1, name: "one", tags: ["t"]), item(2), item(7)])
        array[id: 8]?.name = "absent"  // no element, nothing set
        #expect(array.count == 3)
    }

    @Test func appendAndInsertLeaveAnIDThatIsAlreadyThere() {
        var array = items(0..<3)
        #expect(array.append(Item(id: 1, name: "again")) == (false, 1))
        #expect(array.insert(Item(id: 2, name: "again"), at: 0) == (false, 2))
        expectHolds(array, [item(0), item(1), item(2)])
        #expect(array.append(item(3)) == (true, 3))
        #expect(array.insert(item(4), at: 1) == (true, 1))
        expectHolds(array, [item(0), item(4), item(1), item(2), item(3)])
    }

    @Test func appendingGrowsTheStorageAndKeepsEveryPosition() {
        var array = IdentifiedArrayOf<Item>()
        for id in 0..<1_000 { array.append(item(id)) }
        expectHolds(array, (0..<1_000).map(item))
    }

    @Test func removalsShiftThePositionsOfTheElementsAfter() {
        var array = items(0..<6)
        #expect(array.remove(id: 2) == item(2))
        #expect(array.remove(id: 2) == nil)
        #expect(array.remove(at: 0) == item(0))
        expectHolds(array, [item(1), item(3), item(4), item(5)])
        array.removeAll { $0.id.isMultiple(of: 2) }
        expectHolds(array, [item(1), item(3), item(5)])
        array.remove(atOffsets: [0, 2])
        expectHolds(array, [item(3)])
        array.removeAll()
        expectHolds(array, [])
    }

    @Test func movesLikeSwiftUIsMove() {
        for (source, destination) in [([0], 3), ([3], 0), ([1, 2], 5), ([4, 0], 2), ([5], 6), ([0], 0)] as [(IndexSet, Int)] {
            var array = items(0..<6)
            var expected = (0..<6).map(item)
            array.move(fromOffsets: source, toOffset: destination)
            moveElements(&expected, from: source, to: destination)
            expectHolds(array, expected)
        }
    }

    @Test func sortsSwapsAndReverses() {
        var array = items([5, 2, 9, 1])
        array.sort { $0.id < $1.id }
        expectHolds(array, [1, 2, 5, 9].map(item))
        array.swapAt(0, 3)
        expectHolds(array, [9, 2, 5, 1].map(item))
        array.reverse()
        expectHolds(array, [1, 5, 2, 9].map(item))
        array.shuffle()
        #expect(Set(array.ids) == [1, 2, 5, 9])
        expectHolds(array, Array(array))
    }

    @Test func updateOrAppendReplacesOrAppends() {
        var array = items(0..<2)
        #expect(array.updateOrAppend(Item(id: 1, name: "one")) == item(1))
        #expect(array.updateOrAppend(item(2)) == nil)
        expectHolds(array, [item(0), Item(id: 1, name: "one"), item(2)])
    }

    @Test func equalityAndHashingFollowTheElementsInOrder() {
        let array = items(0..<3)
        var edited = array
        #expect(edited == array)
        edited[id: 1]?.name = "one"
        #expect(edited != array)
        edited[id: 1]?.name = "item 1"
        #expect(edited == array)  // the same values again
        #expect(edited.hashValue == array.hashValue)
        #expect(items([0, 2, 1]) != array)
        #expect(items(0..<3) == array)  // another lineage, equal elements
        #expect(items(0..<2) != array)
    }

    @Test func encodesAsAnArrayAndRejectsARepeatedIDWithATypedError() throws {
        let array = items(0..<3)
        let data = try JSONEncoder().encode(array)
        #expect(try JSONDecoder().decode([Item].self, from: data) == Array(array))
        #expect(try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: data) == array)
        let repeated = try JSONEncoder().encode([item(1), item(2), item(1)])
        #expect {
            try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: repeated)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("the id 1 appears more than once")
        }
    }

    @Test func printsLikeAnArray() {
        let array: IdentifiedArrayOf<Item> = [item(1)]
        #expect(array.description == [item(1)].description)
        #expect(array.debugDescription == "IdentifiedArray(\([item(1)].debugDescription))")
    }
}
