import Observation
@testable import StoreKitLite
import TestSupport
import Testing

/// The for-each scope's work per new state is O(changed rows), not O(rows): counted with the
/// scope's own counters (children handed a new element, full reconciliations), never timed.
@MainActor @Suite struct ObservableStoreScopeCostTests {
    private func rowsScope(of store: ObservableStore<Board, BoardAction>) throws -> ForEachScope<Board, [Row], RowAction> {
        try #require(store.scopes.values.compactMap { $0 as? ForEachScope<Board, [Row], RowAction> }.first)
    }

    @Test(arguments: [10, 1_000, 10_000])
    func aChangeInsideOneRowHandsANewElementToThatRowsChildOnly(rows count: Int) async throws {
        let store = ObservableStore(initialState: board(rows: count), reducer: boardReducer)
        let rows = store.scope(forEach: \.rows, action: BoardAction.row)
        let scope = try rowsScope(of: store)
        let readers = [0, count / 2, count - 1].map { index in Reader { _ = rows[index].state.title } }
        try await store.send(.row(count / 2, .rename("changed")))
        try await store.send(.row(1, .toggle))
        try await store.send(.increment)  // outside the rows: no child is handed anything
        #expect(scope.childUpdates == 2)  // the same at 10 and at 10,000 rows
        #expect(scope.reconciliations == 0)
        #expect(readers.map(\.invalidations.value) == [0, 1, 0])
        #expect(rows[count / 2].state.title == "changed")
        #expect(rows[1].currentState.isDone)
        #expect(store.scope(forEach: \.rows, action: BoardAction.row).elementsEqual(rows, by: ===))
    }

    @Test func rowsThatComeGoOrMoveReconcileTheChildren() async throws {
        let store = ObservableStore(initialState: board(rows: 4), reducer: boardReducer)
        let rows = store.scope(forEach: \.rows, action: BoardAction.row)
        let scope = try rowsScope(of: store)
        try await store.send(.reverse)
        #expect(scope.reconciliations == 1)
        let reversed = store.scope(forEach: \.rows, action: BoardAction.row)
        #expect(reversed.map(\.currentState.id) == [3, 2, 1, 0])
        #expect(reversed[3] === rows[0])
        try await store.send(.row(2, .rename("two")))  // a content change again: one child
        #expect(scope.childUpdates == 1)
        #expect(reversed[1].state.title == "two")
    }

    @Test func aRowReplacedByAnEqualValueInvalidatesNobody() async throws {
        let store = ObservableStore(initialState: board(rows: 3), reducer: boardReducer)
        let rows = store.scope(forEach: \.rows, action: BoardAction.row)
        let reader = Reader { _ = rows[1].state.title }
        let scope = try rowsScope(of: store)
        // A new string with the same text: the bytes differ (maybe), the value does not.
        try await store.send(.row(1, .rename(String(repeating: "r", count: 40))))
        reader.render()
        try await store.send(.row(1, .rename(String(repeating: "r", count: 40))))
        #expect(reader.invalidations.value == 1)
        #expect(scope.reconciliations == 0)
    }

    @Test func duplicateIdentifiersFallBackToReconciling() async throws {
        let initial = Board(rows: [Row(id: 1, title: "a"), Row(id: 1, title: "b"), Row(id: 2, title: "c")])
        let store = ObservableStore(initialState: initial, reducer: boardReducer)
        let rows = store.scope(forEach: \.rows, action: BoardAction.row)
        #expect(rows.map(\.currentState.title) == ["a", "c"])  // the first element of an id wins
        let scope = try rowsScope(of: store)
        try await store.send(.row(2, .rename("d")))
        #expect(scope.reconciliations == 1)
        #expect(rows[1].state.title == "d")
    }

    @Test func differingPositionsFindsEachChangedElementAcrossBlocks() {
        let old = (0..<200).map { Row(id: $0, title: "row \($0)") }
        var new = old
        for index in [0, 63, 64, 130, 199] { new[index].isDone = true }
        let positions = old.withUnsafeBufferPointer { before in
            new.withUnsafeBufferPointer { after in differingPositions(before, after) }
        }
        #expect(positions == [0, 63, 64, 130, 199])
        guard case .contents(let changed) = elementChanges(from: old, to: new) else {
            Issue.record("expected a content change")
            return
        }
        #expect(changed.map(\.id) == [0, 63, 64, 130, 199])
        var moved = old
        moved.swapAt(3, 4)
        guard case .identifiers = elementChanges(from: old, to: moved) else {
            Issue.record("a move changes the identifiers")
            return
        }
        guard case .none = elementChanges(from: old, to: Array(old)) else {
            Issue.record("the same storage is no change")
            return
        }
    }
}
