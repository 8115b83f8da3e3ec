import Foundation
import StoreKitLite
import Testing

@Suite struct StackStateTests {
    @Test func pushesGetIncreasingIDsThatAreNeverGivenAgain() {
        var path = StackState<String>()
        #expect(path.isEmpty)
        #expect(path.nextID == 0)
        path.append("a")
        path.append("b")
        #expect(path.ids == [0, 1])
        #expect(Array(path) == ["a", "b"])
        path.removeLast()
        path.append("c")  // not #1 again: the popped screen's id stays retired
        #expect(path.ids == [0, 2])
        path.removeAll()
        path.append("d")
        #expect(path.ids == [3])
        #expect(path.nextID == 4)
    }

    @Test func popFromRemovesTheScreenAndThoseAbovePopToKeepsIt() {
        var path: StackState<String> = ["a", "b", "c", "d"]
        #expect(path.ids == [0, 1, 2, 3])
        path.pop(to: 1)
        #expect(path.ids == [0, 1])
        path.pop(from: 1)
        #expect(path.ids == [0])
        path.pop(from: 7)  // not on the stack: nothing
        path.pop(to: 7)
        #expect(path.ids == [0])
        #expect(Array(path) == ["a"])
    }

    @Test func theIDSubscriptReadsChangesAndRemovesOneScreenKeepingTheOthersIDs() {
        var path: StackState<String> = ["a", "b", "c"]
        #expect(path[id: 1] == "b")
        #expect(path[id: 9] == nil)
        path[id: 1] = "B"
        #expect(Array(path) == ["a", "B", "c"])
        #expect(path.ids == [0, 1, 2])
        path[id: 1] = nil
        #expect(path.ids == [0, 2])
        #expect(Array(path) == ["a", "c"])
        path[id: 9] = "x"  // no such screen: nothing (push with append)
        #expect(path.ids == [0, 2])
        #expect(path.nextID == 3)
    }

    @Test func removeAllWhereAndFilterKeepTheKeptScreensIDsAndTheNextID() {
        var path: StackState<String> = ["a", "b", "c", "d"]
        let filtered = path.filter { $0 != "b" }
        #expect(filtered.ids == [0, 2, 3])
        #expect(Array(filtered) == ["a", "c", "d"])
        #expect(filtered.nextID == 4)
        path.removeAll { $0 == "a" || $0 == "c" }
        #expect(path.ids == [1, 3])
        #expect(Array(path) == ["b", "d"])
        path.append("e")
        #expect(path.ids == [1, 3, 4])
    }

    @Test func insertedScreensGetNewIDsInOrder() {
        var path: StackState<String> = ["a", "d"]
        path.insert(contentsOf: ["b", "c"], at: 1)
        #expect(Array(path) == ["a", "b", "c", "d"])
        #expect(path.ids == [0, 2, 3, 1])
        path.replaceSubrange(0..<2, with: ["x"])
        #expect(path.ids == [4, 3, 1])
        #expect(path.nextID == 5)
    }

    @Test func equalityComparesElementsIDsAndTheNextID() {
        var pushedAndPopped: StackState<String> = ["a", "b"]
        pushedAndPopped.removeLast()
        let literal: StackState<String> = ["a"]
        #expect(pushedAndPopped.ids == literal.ids)
        #expect(Array(pushedAndPopped) == Array(literal))
        #expect(pushedAndPopped != literal)  // the next push would give #2, not #1
        var copy = pushedAndPopped
        #expect(copy == pushedAndPopped)
        #expect(copy.hashValue == pushedAndPopped.hashValue)
        copy[id: 0] = "A"
        #expect(copy != pushedAndPopped)
    }

    @Test func itEncodesItsIDsAndNextIDSoARestoredStackGoesOn() throws {
        var path: StackState<String> = ["a", "b", "c"]
        path.pop(from: 1)
        path.append("d")
        let data = try JSONEncoder().encode(path)
        var decoded = try JSONDecoder().decode(StackState<String>.self, from: data)
        #expect(decoded == path)
        #expect(decoded.ids == [0, 3])
        decoded.append("e")
        #expect(decoded.ids == [0, 3, 4])
    }

    @Test(arguments: [
        (#"{"ids":[0,1],"elements":["a"],"nextID":2}"#, "2 ids for 1 elements"),
        (#"{"ids":[1,1],"elements":["a","b"],"nextID":2}"#, "an id appears twice"),
        (#"{"ids":[0,5],"elements":["a","b"],"nextID":3}"#, "the id #5 is not below the next id #3"),
        (#"{"ids":[-1],"elements":["a"],"nextID":0}"#, "a negative id"),
    ])
    func aCorruptStackIsADecodingErrorNamingTheProblem(json: String, reason: String) throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(StackState<String>.self, from: Data(json.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains(reason))
    }

    @Test func itPrintsItsScreensWithTheirIDs() {
        var path: StackState<String> = ["a", "b", "c"]
        path.pop(from: 1)
        path.append("d")
        #expect(path.description == "[#0: a, #3: d]")
        #expect(StackElementID(generation: 3).description == "#3")
    }
}
