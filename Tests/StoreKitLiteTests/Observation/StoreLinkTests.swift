import Dispatch
import Foundation
import Observation
@testable import StoreKitLite
import TestSupport
import Testing

/// How the store's states reach the host: at once when the action ran on the main thread, in
/// order always, and never one show inside another.
@MainActor @Suite struct StoreLinkTests {
    @Test func aSendOnTheMainThreadIsShownBeforeItReturns() {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let reader = Reader { _ = store.state.count }
        store.send(.increment)
        #expect(store.state.count == 1)  // no suspension point since the send
        #expect(reader.invalidations.value == 1)
        store.send(.rename("Plans"))
        #expect(store.state.title == "Plans")
        #expect(reader.invalidations.value == 1)
    }

    @Test func anActionSentWhileTheHostShowsAStateIsShownRightAfterIt() async {
        let inner = Store(initialState: Board(), reducer: boardReducer)
        let store = ObservableStore(store: inner)
        let seen = Box<[Int]>([])
        trackCounts(of: store, into: seen)
        let sentOnce = Box(false)
        // A view that, invalidated by the first change, sends an action at once (on the main
        // thread, while the host is in the middle of showing the state a task brought).
        withObservationTracking(
            { _ = store.state.count },
            onChange: {
                let alreadySent = sentOnce.mutate { sent in
                    defer { sent = true }
                    return sent
                }
                guard !alreadySent else { return }
                store.send(.setCount(100))
            })
        DispatchQueue.global().async { inner.dispatch(.increment) }  // reaches the host through a task
        // The host ends showing the action's state: a show nested in the first one would have
        // been overwritten by the rest of the first (the host left showing 1).
        #expect(await waitUntil { store.state.count == 100 && seen.value.last == 100 })
        #expect(store.currentState.count == 100)
        #expect(inner.state.count == 100)
        #expect(seen.value == seen.value.sorted())
    }

    @Test func statesFromTheMainThreadAndFromOthersAreShownInOrder() async {
        let inner = Store(initialState: Board(), reducer: boardReducer)
        let store = ObservableStore(store: inner)
        let seen = Box<[Int]>([])
        trackCounts(of: store, into: seen)
        let background = DispatchQueue(label: "store-link.background")
        background.async { for _ in 0..<300 { inner.dispatch(.increment) } }
        for _ in 0..<300 {
            sendNow(store, .increment)
            await Task.yield()
        }
        #expect(await waitUntil { store.state.count == 600 && seen.value.last == 600 })
        #expect(seen.value == seen.value.sorted())  // shown counts never go back
    }

    @Test func readingAFieldThroughKeyPathsMadeAnewKeepsTheIdentityTableBounded() async throws {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let settings: KeyPath<Board, BoardSettings> = \.settings
        for _ in 0..<1_000 {
            _ = store.state[dynamicMember: settings.appending(path: \.volume)]  // a new object each time
        }
        #expect(store.tracked.count == 1)
        #expect(store.trackedByObject.count <= 2 * store.tracked.count + 16)
        let reader = Reader { _ = store.state[dynamicMember: settings.appending(path: \.volume)] }
        try await store.send(.settings(.setSound(true)))
        #expect(reader.invalidations.value == 0)
        try await store.send(.settings(.setVolume(3)))
        #expect(reader.invalidations.value == 1)
    }
}

/// The fire-and-forget `send(_:)`, from an async test (where `store.send` means the awaited one).
@MainActor
func sendNow<State, Action>(_ store: ObservableStore<State, Action>, _ action: Action) {
    store.send(action)
}
