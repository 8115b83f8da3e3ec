import Observation
import StoreKitLite
import TestSupport
import Testing

@MainActor @Suite struct ObservableStoreScopeTests {
    @Test func aSubStateChildKeepsItsIdentityAndTracksItsOwnFields() async throws {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let settings = store.scope(state: \.settings, action: BoardAction.settings)
        #expect(store.scope(state: \.settings, action: BoardAction.settings) === settings)
        let soundReader = Reader { _ = settings.state.sound }
        let volumeReader = Reader { _ = settings.state.volume }
        try await settings.send(.setVolume(4))
        #expect(settings.state.volume == 4)
        #expect(store.state.settings.volume == 4)
        #expect(volumeReader.invalidations.value == 1)
        #expect(soundReader.invalidations.value == 0)
        try await store.send(.increment)  // outside the scope
        #expect(soundReader.invalidations.value == 0)
        #expect(store.scope(state: \.settings, action: BoardAction.settings) === settings)
    }

    @Test func rowChildrenKeepTheirIdentityAcrossUnrelatedChanges() async throws {
        let store = ObservableStore(initialState: board(rows: 5), reducer: boardReducer)
        let before = store.scope(forEach: \.rows, action: BoardAction.row)
        try await store.send(.increment)
        try await store.send(.row(1, .rename("one")))
        try await store.send(.append(Row(id: 5, title: "five")))
        let after = store.scope(forEach: \.rows, action: BoardAction.row)
        #expect(after.count == 6)
        for index in 0..<5 { #expect(after[index] === before[index]) }
        try await store.send(.reverse)
        let reversed = store.scope(forEach: \.rows, action: BoardAction.row)
        #expect(reversed.map(\.currentState.id) == [5, 4, 3, 2, 1, 0])
        #expect(reversed[4] === before[1])
        #expect(reversed[4].state.title == "one")
    }

    @Test func theListReaderIsInvalidatedWhenRowsComeOrGoNotWhenOneChanges() async throws {
        let store = ObservableStore(initialState: board(rows: 3), reducer: boardReducer)
        let list = Reader { _ = store.scope(forEach: \.rows, action: BoardAction.row) }
        try await store.send(.row(0, .toggle))
        #expect(list.invalidations.value == 0)
        try await store.send(.remove(id: 2))
        #expect(list.invalidations.value == 1)
    }

    @Test func aRowChildIsReleasedWhenItsElementGoes() async throws {
        let store = ObservableStore(initialState: board(rows: 3), reducer: boardReducer)
        weak var removed: ObservableStore<Row, RowAction>?
        weak var kept: ObservableStore<Row, RowAction>?
        do {
            let rows = store.scope(forEach: \.rows, action: BoardAction.row)
            removed = rows[1]
            kept = rows[2]
        }
        #expect(removed != nil)  // the parent keeps its children while their rows are there
        try await store.send(.remove(id: 1))
        #expect(removed == nil)
        #expect(kept != nil)
        #expect(kept?.state.title == "row 2")
    }

    @Test func childHostsDoNotKeepTheRootAlive() async throws {
        weak var weakRoot: ObservableStore<Board, BoardAction>?
        var child: ObservableStore<Row, RowAction>?
        do {
            let root = ObservableStore(initialState: board(rows: 2), reducer: boardReducer)
            weakRoot = root
            child = root.scope(forEach: \.rows, action: BoardAction.row)[0]
        }
        #expect(weakRoot == nil)
        let send = { child?.send(.toggle) }  // the synchronous send: the store may still run it
        send()
        child = nil
    }
}
