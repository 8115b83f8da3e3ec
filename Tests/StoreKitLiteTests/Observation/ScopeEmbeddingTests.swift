import Foundation
import StoreKitLite
import Synchronization
import Testing

/// A scope is made once, but each call gives it its `action`: the children wrap their actions
/// with the latest call's closure, not the first one's.
@MainActor @Suite struct ScopeEmbeddingTests {
    @Test func aPartsChildSendsThroughTheLatestCallsAction() async throws {
        let store = ObservableStore(initialState: board(rows: 3), reducer: boardReducer)
        // A view renders with row 1 selected, then with row 2: its closure captures the selection.
        let editor = { (selected: Int) in store.scope(state: \.title, action: { BoardAction.row(selected, .rename($0)) }) }
        let first = editor(1)
        let second = editor(2)
        #expect(first === second)
        try await first.send("Milk")
        #expect(store.currentState.rows.map(\.title) == ["row 0", "row 1", "Milk"])
    }

    @Test func rowsChildrenSendThroughTheLatestCallsAction() async throws {
        let store = ObservableStore(initialState: board(rows: 2), reducer: boardReducer)
        let rows = { (prefix: String) in
            store.scope(
                forEach: \.rows,
                action: { (id: Int, action: RowAction) -> BoardAction in
                    guard case .rename(let title) = action else { return .row(id, action) }
                    return .row(id, .rename(prefix + title))
                })
        }
        let row = rows("first: ")[1]
        _ = rows("latest: ")
        try await row.send(.rename("Milk"))
        #expect(store.currentState.rows[1].title == "latest: Milk")
    }

    @Test func aPresentedChildSendsThroughTheLatestCallsAction() async throws {
        let store = ObservableStore(initialState: Screen(editing: Draft(id: 1)), reducer: screenReducer)
        let editor = { (route: Bool) in
            store.scope(state: \.editing, action: { (action: DraftAction) in route ? ScreenAction.editor(action) : .rename("\(action)") })
        }
        let child = try #require(editor(false))
        #expect(editor(true) === child)
        try await child.send(.setText("routed"))
        #expect(store.currentState.editing?.text == "routed")
        #expect(store.currentState.title == "")
    }

    @Test func aScreensHostSendsThroughTheLatestCallsAction() async throws {
        let store = ObservableStore(initialState: Notebook(path: [.note(Note(id: 1))]), reducer: notebookReducer)
        let screens = { (pin: Bool) in
            store.scope(
                forEach: \.path,
                action: { id, action in
                    pin ? .path(.element(id: id, action: .note(.pin))) : .path(.element(id: id, action: action))
                })
        }
        let screen = screens(false)[0]
        _ = screens(true)
        try await screen.send(.note(.edit("ignored")))
        #expect(store.currentState.path[id: 0] == .note(Note(id: 1, isPinned: true)))
    }

    @Test func aHostOfAnOptionalAndAnOptionalHostOfTheSamePartKeepTheirIdentities() async throws {
        let store = ObservableStore(initialState: Screen(editing: Draft(id: 1)), reducer: screenReducer)
        let optional = try #require(store.scope(state: \.editing, action: ScreenAction.editor))
        let whole: ObservableStore<Draft?, DraftAction> = store.scope(state: \.editing, action: ScreenAction.editor)
        #expect(store.scope(state: \.editing, action: ScreenAction.editor) === optional)
        let wholeAgain: ObservableStore<Draft?, DraftAction> = store.scope(state: \.editing, action: ScreenAction.editor)
        #expect(wholeAgain === whole)
        try await optional.send(.setText("both"))
        #expect(whole.currentState?.text == "both")
    }

    @Test func childrenSendFromManyThreadsWhileViewsCallTheScopeAgain() async throws {
        let store = ObservableStore(initialState: Board(), reducer: boardReducer)
        let settings = store.scope(state: \.settings, action: { (_: SettingsAction) in BoardAction.increment })
        let (threads, sends) = (4, 500)
        let race = RaceFlags()
        // Threads of their own, not the cooperative pool: the main actor spins until they are done.
        for _ in 0..<threads {
            Thread.detachNewThread {
                while !race.go.load(ordering: .relaxed) {}  // start with the renders
                for volume in 0..<sends { settings.send(.setVolume(volume)) }
                race.finished.wrappingAdd(1, ordering: .relaxed)
            }
        }
        race.go.store(true, ordering: .relaxed)
        var renders = 0
        // Renders until every sender is done, each with another closure (as a view's body makes):
        // the main actor replaces the action while the senders read it.
        while race.finished.load(ordering: .relaxed) < threads {
            let render = renders
            let child = store.scope(state: \.settings, action: { (_: SettingsAction) in render >= 0 ? .increment : .reverse })
            if child !== settings { Issue.record("the scope made another child") }
            renders += 1
        }
        try await store.send(.rename("done"))  // shows the store's latest state
        #expect(store.currentState.count == threads * sends)
        #expect(renders > 0)
    }
}

/// The stress test's flags: atomics, so that they add no synchronisation a race detector would
/// take for the scope's own (relaxed loads and stores order nothing).
private final class RaceFlags: Sendable {
    let go = Atomic<Bool>(false)
    let finished = Atomic<Int>(0)
}
