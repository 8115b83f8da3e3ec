import Dispatch
import Foundation
import Observation
@testable import StoreKitLite
import TestSupport
import Testing

struct Shelf: Sendable, Equatable {
    var title = "Shelf"
    var count = 0
    var rows: IdentifiedArrayOf<Row> = []
    var saved: IdentifiedArrayOf<Row> = []
}

enum ShelfAction: Sendable, Equatable {
    case increment
    case append(Row)
    case remove(id: Int)
    case move(IndexSet, Int)
    case row(Int, RowAction)
    case save
    case restore
}

let shelfReducer = Reducer<Shelf, ShelfAction>(mutating: { shelf, action throws(StoreError) in
    switch action {
    case .increment: shelf.count += 1
    case .append(let row): shelf.rows.append(row)
    case .remove(let id): shelf.rows.remove(id: id)
    case .move(let source, let destination): shelf.rows.move(fromOffsets: source, toOffset: destination)
    case .row(let id, .rename(let title)):
        guard shelf.rows[id: id] != nil else { throw StoreError.rejected("no row \(id)") }
        shelf.rows[id: id]?.title = title
    case .row(let id, .toggle): shelf.rows[id: id]?.isDone.toggle()
    case .save: shelf.saved = shelf.rows
    case .restore: shelf.rows = shelf.saved
    }
})

func shelf(rows: Int) -> Shelf {
    Shelf(rows: IdentifiedArray(uniqueElements: (0..<rows).map { Row(id: $0, title: "row \($0)") }))
}

/// An `ObservableStore` over an `IdentifiedArray`: the same invalidations as over an array, with
/// O(changed) work per new state, and no copy of the rows when one changes.
@MainActor @Suite struct ObservableStoreIdentifiedArrayTests {
    private func rowsScope(of store: ObservableStore<Shelf, ShelfAction>) throws -> ForEachScope<Shelf, IdentifiedArrayOf<Row>, RowAction> {
        try #require(store.scopes.values.compactMap { $0 as? ForEachScope<Shelf, IdentifiedArrayOf<Row>, RowAction> }.first)
    }

    @Test(arguments: [10, 1_000, 10_000])
    func aRowChangeInvalidatesThatRowsReaderAloneAndCopiesNoRow(rows count: Int) async throws {
        let store = ObservableStore(initialState: shelf(rows: count), reducer: shelfReducer)
        let rows = store.scope(forEach: \.rows, action: ShelfAction.row)
        let scope = try rowsScope(of: store)
        let readers = rows.map { row in Reader { _ = row.state.title } }
        let list = Reader { _ = store.scope(forEach: \.rows, action: ShelfAction.row) }
        let countReader = Reader { _ = store.state.count }
        let storage = store.currentState.rows.values.version.storage
        let changed = [count / 2, 0, count - 1]
        try await store.send(.row(changed[0], .rename("awaited")))  // reduced off the main actor
        sendNow(store, .row(changed[1], .rename("sent")))  // reduced and shown on the main thread
        try await store.send(.row(changed[2], .rename("awaited again")))
        try await store.send(.increment)  // outside the rows: no child is handed anything
        let invalidated = readers.indices.filter { readers[$0].invalidations.value > 0 }
        #expect(invalidated == changed.sorted())
        #expect(changed.allSatisfy { readers[$0].invalidations.value == 1 })
        #expect(list.invalidations.value == 0)
        #expect(countReader.invalidations.value == 1)
        #expect(scope.childUpdates == 3)  // the same at 10 and at 10,000 rows
        #expect(scope.reconciliations == 0)
        #expect(store.currentState.rows.values.version.storage === storage)  // changed in place
        #expect(rows[changed[1]].state.title == "sent")
        #expect(store.state.rows[id: changed[2]]?.title == "awaited again")
    }

    @Test func theListReaderIsInvalidatedWhenRowsComeGoOrMove() async throws {
        let store = ObservableStore(initialState: shelf(rows: 4), reducer: shelfReducer)
        weak let first = store.scope(forEach: \.rows, action: ShelfAction.row)[0]
        weak let second = store.scope(forEach: \.rows, action: ShelfAction.row)[1]
        weak let removed = store.scope(forEach: \.rows, action: ShelfAction.row)[2]
        let list = Reader { _ = store.scope(forEach: \.rows, action: ShelfAction.row) }
        let scope = try rowsScope(of: store)
        try await store.send(.row(1, .toggle))
        #expect(list.invalidations.value == 0)
        try await store.send(.append(Row(id: 4, title: "four")))
        #expect(list.invalidations.value == 1)
        list.render()
        try await store.send(.move([0], 5))
        #expect(list.invalidations.value == 2)
        list.render()
        #expect(removed != nil)  // kept by the parent while its row is there
        try await store.send(.remove(id: 2))
        #expect(list.invalidations.value == 3)
        #expect(removed == nil)  // released with its row
        let after = store.scope(forEach: \.rows, action: ShelfAction.row)
        #expect(after.map(\.currentState.id) == [1, 3, 4, 0])
        #expect(after[0] === second && after[3] === first)  // identities kept through the move
        #expect(after[0].currentState.isDone)
        #expect(scope.reconciliations == 3)
    }

    @Test func aRowSetToAnEqualValueInvalidatesNobody() async throws {
        let store = ObservableStore(initialState: shelf(rows: 3), reducer: shelfReducer)
        let rows = store.scope(forEach: \.rows, action: ShelfAction.row)
        let reader = Reader { _ = rows[1].state.title }
        try await store.send(.row(1, .rename("row 1")))  // touched, not changed
        #expect(reader.invalidations.value == 0)
        #expect(try rowsScope(of: store).childUpdates == 1)
    }

    @Test func restoringAnOlderCollectionInvalidatesTheRowsItChangesBack() async throws {
        let store = ObservableStore(initialState: shelf(rows: 5), reducer: shelfReducer)
        let rows = store.scope(forEach: \.rows, action: ShelfAction.row)
        let readers = rows.map { row in Reader { _ = row.state.title } }
        try await store.send(.save)
        try await store.send(.row(3, .rename("edited")))
        readers[3].render()
        try await store.send(.restore)  // an older version of the same collection
        #expect(readers.map(\.invalidations.value) == [0, 0, 0, 2, 0])
        #expect(rows[3].state.title == "row 3")
        #expect(try rowsScope(of: store).reconciliations == 0)
    }

    @Test func sendsFromEightThreadsToTheirOwnRowsAllLand() async throws {
        let threads = 8, perThread = 200
        let store = ObservableStore(initialState: shelf(rows: 16), reducer: shelfReducer)
        let rows = store.scope(forEach: \.rows, action: ShelfAction.row)
        let readers = rows.map { row in Reader { _ = row.state.title } }
        let next = Box(0)
        await sendFromThreads(threads, count: perThread) {
            let thread = next.mutate { index -> Int in
                defer { index += 1 }
                return index / perThread
            }
            store.send(.row(thread, .rename("thread \(thread)")))
        }
        #expect(await waitUntil { (0..<threads).allSatisfy { rows[$0].state.title == "thread \($0)" } })
        #expect(readers.map(\.invalidations.value) == Array(repeating: 1, count: threads) + Array(repeating: 0, count: 8))
        #expect(Array(store.currentState.rows.prefix(threads).map(\.title)) == (0..<threads).map { "thread \($0)" })
    }
}
