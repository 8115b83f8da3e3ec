import Dispatch
import Foundation
import Observation
import StoreKitLite
import TestSupport
import Testing

@MainActor @Suite struct ObservableStoreTests {
    @Test func onlyReadersOfAChangedFieldAreInvalidated() async throws {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let countReader = Reader { _ = store.state.count }
        let titleReader = Reader { _ = store.state.title }
        try await store.send(.increment)
        #expect(store.state.count == 1)
        #expect(countReader.invalidations.value == 1)
        #expect(titleReader.invalidations.value == 0)
        countReader.render()
        for value in 2...20 { try await store.send(.setCount(value)) }
        try await store.send(.setCount(20))  // same value: nobody is invalidated
        #expect(countReader.invalidations.value == 2)
        #expect(titleReader.invalidations.value == 0)  // never touched, never invalidated
        try await store.send(.rename("Plans"))
        #expect(titleReader.invalidations.value == 1)
        #expect(store.state.title == "Plans")
    }

    @Test func oneRowOfAThousandChangesAndExactlyOneReaderIsInvalidated() async throws {
        let store = ObservableStore(initialState: board(rows: 1_000), reducer: boardReducer)
        let rows = store.scope(forEach: \.rows, action: BoardAction.row)
        #expect(rows.count == 1_000)
        let rowReaders = rows.map { row in Reader { _ = row.state.title } }
        let listReader = Reader { _ = store.scope(forEach: \.rows, action: BoardAction.row) }
        let countReader = Reader { _ = store.state.count }
        try await store.send(.row(500, .rename("changed")))
        let invalidated = rowReaders.indices.filter { rowReaders[$0].invalidations.value > 0 }
        #expect(invalidated == [500])
        #expect(rowReaders[500].invalidations.value == 1)
        #expect(rows[500].state.title == "changed")
        #expect(listReader.invalidations.value == 0)  // same rows, same order
        #expect(countReader.invalidations.value == 0)
        // A field of the row nobody reads: no reader at all is invalidated.
        rowReaders[500].render()
        try await store.send(.row(7, .toggle))
        #expect(rowReaders.allSatisfy { $0.invalidations.value == ($0 === rowReaders[500] ? 1 : 0) })
    }

    @Test func sendsFromEightBackgroundThreadsAllLand() async throws {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let reader = Reader { _ = store.state.count }
        let threads = 8, perThread = 1_000
        await sendFromThreads(threads, count: perThread) { store.send(.increment) }
        #expect(await waitUntil { store.state.count == threads * perThread })
        #expect(store.currentState.count == threads * perThread)
        #expect(reader.invalidations.value == 1)
    }

    @Test func statesReachTheMainActorInOrder() async throws {
        let inner = Store(initialState: Board(), reducer: boardReducer)
        let store = ObservableStore(store: inner)
        let seen = Box<[Int]>([])
        trackCounts(of: store, into: seen)
        let queue = DispatchQueue(label: "observable-store.sender")
        queue.async { for _ in 0..<500 { inner.dispatch(.increment) } }
        #expect(await waitUntil { store.state.count == 500 && seen.value.last == 500 })
        #expect(seen.value == seen.value.sorted())  // shown counts never go back
        #expect(seen.value.first == 0)
    }

    @Test func awaitedSendShowsItsStateOrThrowsItsError() async throws {
        let store = ObservableStore(initialState: board(rows: 2), reducer: boardReducer)
        try await store.send(.append(Row(id: 9, title: "nine")))
        #expect(store.state.rows.map(\.id) == [0, 1, 9])
        await #expect(throws: StoreError.rejected("no row 42")) {
            try await store.send(.row(42, .toggle))
        }
        let row = store.scope(forEach: \.rows, action: BoardAction.row)[2]
        try await row.send(.rename("NINE"))
        #expect(row.state.title == "NINE")
        #expect(store.state.rows[2].title == "NINE")
    }

    @Test func theHostReleasesItsStoreSubscriptionWhenItGoes() async throws {
        let inner = Store(initialState: Board(), reducer: boardReducer)
        weak var weakHost: ObservableStore<Board, BoardAction>?
        do {
            let host = ObservableStore(store: inner)
            weakHost = host
            try await host.send(.increment)
        }
        #expect(weakHost == nil)
        inner.dispatch(.increment)  // nobody shows it; nothing crashes
        #expect(inner.state.count == 2)
    }
}

/// Records the count each time the host's count changes (re-registering after every change).
@MainActor func trackCounts(of store: ObservableStore<Board, BoardAction>, into seen: Box<[Int]>) {
    withObservationTracking(
        { seen.append(store.state.count) },
        onChange: { [weak store] in  // weak: the host's registrar keeps this closure
            Task { @MainActor [weak store] in
                guard let store else { return }
                trackCounts(of: store, into: seen)
            }
        })
}

/// Runs `send` `count` times on each of `threads` new threads; returns when all are done.
nonisolated func sendFromThreads(_ threads: Int, count: Int, _ send: @escaping @Sendable () -> Void) async {
    let group = DispatchGroup()
    for _ in 0..<threads {
        group.enter()
        let thread = Thread {
            for _ in 0..<count { send() }
            group.leave()
        }
        thread.start()
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        group.notify(queue: .global()) { continuation.resume() }
    }
}
