import Foundation
@testable import StoreKitLite
import Testing

struct Item: Identifiable, Hashable, Codable, Sendable {
    let id: Int
    var name: String
    var tags: [String] = []
}

func item(_ id: Int) -> Item {
    Item(id: id, name: "item \(id)")
}

func items(_ ids: some Sequence<Int>) -> IdentifiedArrayOf<Item> {
    IdentifiedArray(uniqueElements: ids.map(item))
}

/// Checks every invariant of `array` against the elements it should hold: the elements in
/// order, by position and by id, each id's position, the ids view and the count.
func expectHolds(_ array: IdentifiedArrayOf<Item>, _ expected: [Item], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Array(array) == expected, sourceLocation: sourceLocation)
    #expect(array.count == expected.count, sourceLocation: sourceLocation)
    #expect(array.elements == expected, sourceLocation: sourceLocation)
    #expect(Array(array.ids) == expected.map(\.id), sourceLocation: sourceLocation)
    for (position, element) in expected.enumerated() {
        #expect(array[position] == element, sourceLocation: sourceLocation)
        #expect(array[id: element.id] == element, sourceLocation: sourceLocation)
        #expect(array.index(id: element.id) == position, sourceLocation: sourceLocation)
        #expect(array.ids.contains(element.id), sourceLocation: sourceLocation)
    }
}

/// A change to a collection and the same change to an array of its elements, for tests that run
/// every mutation path.
struct Mutation: Sendable, CustomTestStringConvertible {
    let name: String
    let change: @Sendable (inout IdentifiedArrayOf<Item>) -> Void
    let expected: @Sendable (inout [Item]) -> Void
    /// What a for-each scope learns from the change: the ids changed in place, or nil when
    /// elements came, went or moved.
    let touched: [Int]?

    var testDescription: String { name }

    /// Every way to change a collection of the items 0..<50.
    static let all: [Mutation] = [
        Mutation(name: "subscript(id:) in place", change: { $0[id: 7]?.name = "seven" }, expected: { $0[7].name = "seven" }, touched: [7]),
        Mutation(
            name: "subscript(id:) in place, a nested array", change: { $0[id: 8]?.tags.append("t") }, expected: { $0[8].tags.append("t") },
            touched: [8]),
        Mutation(name: "subscript(id:) set", change: { $0[id: 9] = Item(id: 9, name: "nine") }, expected: { $0[9].name = "nine" }, touched: [9]),
        Mutation(
            name: "subscript(id:) set to the same value", change: { $0[id: 3] = item(3) }, expected: { _ in }, touched: [3]),
        Mutation(name: "subscript(id:) set nil removes", change: { $0[id: 4] = nil }, expected: { $0.remove(at: 4) }, touched: nil),
        Mutation(name: "subscript(id:) sets a new id: appends", change: { $0[id: 99] = item(99) }, expected: { $0.append(item(99)) }, touched: nil),
        Mutation(name: "subscript(position:) in place", change: { $0[12].name = "twelve" }, expected: { $0[12].name = "twelve" }, touched: [12]),
        Mutation(
            name: "several edits, one id twice",
            change: {
                $0[id: 40]?.name = "a"
                $0[id: 1]?.name = "b"
                $0[id: 40]?.name = "c"
            },
            expected: {
                $0[40].name = "c"
                $0[1].name = "b"
            }, touched: [1, 40]),
        Mutation(
            name: "updateOrAppend, an existing id", change: { $0.updateOrAppend(Item(id: 5, name: "five")) }, expected: { $0[5].name = "five" },
            touched: [5]),
        Mutation(name: "updateOrAppend, a new id", change: { $0.updateOrAppend(item(70)) }, expected: { $0.append(item(70)) }, touched: nil),
        Mutation(name: "append", change: { $0.append(item(50)) }, expected: { $0.append(item(50)) }, touched: nil),
        Mutation(name: "append(contentsOf:)", change: { $0.append(contentsOf: [item(50), item(51)]) }, expected: { $0 += [item(50), item(51)] }, touched: nil),
        Mutation(name: "insert", change: { $0.insert(item(60), at: 10) }, expected: { $0.insert(item(60), at: 10) }, touched: nil),
        Mutation(name: "insert at the end", change: { $0.insert(item(60), at: 50) }, expected: { $0.append(item(60)) }, touched: nil),
        Mutation(name: "remove(id:)", change: { $0.remove(id: 20) }, expected: { $0.remove(at: 20) }, touched: nil),
        Mutation(name: "remove(at:)", change: { $0.remove(at: 0) }, expected: { $0.remove(at: 0) }, touched: nil),
        Mutation(name: "removeAll(where:)", change: { $0.removeAll { $0.id % 3 == 0 } }, expected: { $0.removeAll { $0.id % 3 == 0 } }, touched: nil),
        Mutation(name: "removeAll()", change: { $0.removeAll() }, expected: { $0.removeAll() }, touched: nil),
        Mutation(
            name: "remove(atOffsets:)", change: { $0.remove(atOffsets: [1, 5, 49]) },
            expected: { $0 = $0.enumerated().filter { ![1, 5, 49].contains($0.offset) }.map(\.element) }, touched: nil),
        Mutation(name: "move(fromOffsets:toOffset:)", change: { $0.move(fromOffsets: [0, 2], toOffset: 10) }, expected: { moveElements(&$0, from: [0, 2], to: 10) }, touched: nil),
        Mutation(name: "sort(by:)", change: { $0.sort { $0.id > $1.id } }, expected: { $0.sort { $0.id > $1.id } }, touched: nil),
        Mutation(name: "swapAt", change: { $0.swapAt(2, 30) }, expected: { $0.swapAt(2, 30) }, touched: nil),
        Mutation(name: "reverse", change: { $0.reverse() }, expected: { $0.reverse() }, touched: nil),
        Mutation(name: "replace all (a new collection)", change: { $0 = items(0..<50) }, expected: { _ in }, touched: nil),
    ]
}

/// SwiftUI's `move(fromOffsets:toOffset:)` on an array, written out.
func moveElements(_ elements: inout [Item], from source: IndexSet, to destination: Int) {
    let moved = source.map { elements[$0] }
    let before = elements.enumerated().filter { !source.contains($0.offset) && $0.offset < destination }.map(\.element)
    let after = elements.enumerated().filter { !source.contains($0.offset) && $0.offset >= destination }.map(\.element)
    elements = before + moved + after
}

/// What a for-each scope learns from a new version: comparable.
enum ChangeSummary: Equatable {
    case none
    case contents([Int])
    case identifiers

    init(_ changes: ElementChanges<Item>) {
        switch changes {
        case .none: self = .none
        case .contents(let elements): self = .contents(elements.map(\.id))
        case .identifiers: self = .identifiers
        }
    }
}

/// Counts live instances (elements' payloads): a test checks that every element a collection's
/// versions held is released exactly once.
final class LiveCount: @unchecked Sendable {
    // @unchecked Sendable: `count` is under `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }
    func add(_ delta: Int) { lock.withLock { count += delta } }
}

final class Payload: Sendable {
    let live: LiveCount
    init(_ live: LiveCount) {
        self.live = live
        live.add(1)
    }
    deinit { live.add(-1) }
}

struct TrackedItem: Identifiable, Sendable {
    let id: Int
    var payload: Payload
}
