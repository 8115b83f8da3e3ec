import Testing
import StoreKitLite
import StoreKitLiteTesting

/// A board of 100 rows with readers of the title, the count, the list and rows 3 and 7.
@MainActor
private func boardViews() -> (ObservableStore<Board, BoardAction>, ViewProbe) {
    let store = ObservableStore(initialState: board(rows: 100), reducer: boardReducer)
    let rows = store.scope(forEach: \.rows, action: { .row($0, $1) })
    let views = ViewProbe()
    views.read("title") { store.state.title }
    views.read("count") { store.state.count }
    views.read("list") { store.scope(forEach: \.rows, action: { .row($0, $1) }).count }
    views.read("row 3") { rows[3].state.title }
    views.read("row 7") { rows[7].state.title }
    return (store, views)
}

/// Sends a rename that invalidates an over-reader, expecting a stale title too; the mismatch
/// thrown (the caller runs outside any Swift Testing test).
@MainActor
private func mismatchOutsideATest() async -> InvalidationMismatch? {
    let (store, views) = boardViews()
    views.read("all rows") { store.state.rows }
    do {
        try await views.send(.row(3, .rename("Milk")), to: store, invalidates: ["row 3", "title"])
        return nil
    } catch let mismatch as InvalidationMismatch {
        return mismatch
    } catch {
        return nil
    }
}

/// The view test kit: which readers a change invalidates, and failures for over- and
/// under-invalidation.
@MainActor
@Suite struct ViewProbeTests {

    @Test func eachChangeInvalidatesExactlyTheReadersOfWhatItChanged() async throws {
        let (store, views) = boardViews()
        try await views.send(.row(3, .rename("Milk")), to: store, invalidates: ["row 3"])
        try await views.send(.increment, to: store, invalidates: ["count"])
        try await views.send(.rename("Groceries"), to: store, invalidates: ["title"])
        try await views.send(.append(Row(id: 100, title: "new")), to: store, invalidates: ["list"])
        try await views.send(.row(3, .toggle), to: store, invalidates: [])  // row 3's readers read its title only
        #expect(views.invalidated.isEmpty)
    }

    @Test func readersReadAgainAfterEachAssertion() async throws {
        let (store, views) = boardViews()
        try await views.send(.row(3, .rename("a")), to: store, invalidates: ["row 3"])
        // Only a reader that read again can be invalidated by the second rename.
        try await views.send(.row(3, .rename("b")), to: store, invalidates: ["row 3"])
        try await views.send(.row(7, .rename("c")), to: store, invalidates: ["row 7"])
    }

    @Test func anOverInvalidationIsAFailureNamingTheReader() async throws {
        let (store, views) = boardViews()
        // A view that reads the whole rows array depends on every row: a deliberate over-read.
        views.read("all rows") { store.state.rows }
        try await withKnownIssue {
            try await views.send(.row(3, .rename("Milk")), to: store, invalidates: ["row 3"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("invalidated, not expected: all rows") }
        }
    }

    @Test func aStaleReaderIsAFailureNamingIt() async throws {
        let (store, views) = boardViews()
        try await withKnownIssue {
            try await views.send(.increment, to: store, invalidates: ["count", "title"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("expected, not invalidated: title") }
        }
    }

    @Test func anUnknownReaderNameIsAFailure() async throws {
        let (store, views) = boardViews()
        try await withKnownIssue {
            try await views.send(.increment, to: store, invalidates: ["count", "cuont"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no reader named: cuont") }
        }
    }

    @Test func outsideSwiftTestingAMismatchIsThrown() async throws {
        // A detached task does not inherit the running test: the kit throws instead of recording.
        let mismatch = await Task.detached { await mismatchOutsideATest() }.value
        #expect(mismatch?.unexpected == ["all rows"])
        #expect(mismatch?.missing == ["title"])
        #expect(mismatch?.unknown == [])
        #expect(mismatch?.description.contains("ViewProbeTests.swift:") == true)
        #expect(mismatch?.description.contains("invalidated, not expected: all rows") == true)
    }

    @Test func withATestStoreTheHostShowsTheLatestStateBeforeTheCheck() throws {
        let testStore = TestStore(initialState: board(rows: 10), reducer: boardReducer)
        let host = ObservableStore(store: testStore.store)
        let rows = host.scope(forEach: \.rows, action: { .row($0, $1) })
        let views = ViewProbe()
        views.read("count") { host.state.count }
        views.read("row 2") { rows[2].state.title }
        try testStore.send(.row(2, .rename("x"))) { $0.rows[2].title = "x" }
        try views.expectInvalidated(["row 2"], showing: host)
        try testStore.send(.increment) { $0.count = 1 }
        try views.expectInvalidated(["count"], showing: host)
        try testStore.finish()
    }
}
