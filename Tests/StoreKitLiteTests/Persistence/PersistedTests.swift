import Foundation
import Testing
@testable import StoreKitLite

struct Preferences: Codable, Sendable, Equatable {
    var theme = "light"
    var fontSize = 12
}

struct PreferencesApp: Sendable, Equatable {
    var preferences = Preferences()
    var counter = 0
}

enum PreferencesAction: Sendable {
    case theme(String)
    case tick
}

let preferencesReducer = Reducer<PreferencesApp, PreferencesAction>(mutating: { state, action in
    switch action {
    case .theme(let theme): state.preferences.theme = theme
    case .tick: state.counter += 1
    }
})

struct Themed: Substate, Codable, Equatable {
    var theme = "light"
}

@Suite struct PersistedTests {
    func makeStore(_ folder: TemporaryFolder, scheduler: VirtualTimeScheduler) -> (Store<PreferencesApp, PreferencesAction>, Persisted<PreferencesApp, Preferences>) {
        let persisted = Persisted(
            \PreferencesApp.preferences, file: folder.url.appendingPathComponent("preferences.json"),
            debounce: .seconds(1), on: scheduler)
        let store = Store(initialState: PreferencesApp(), reducer: preferencesReducer, persisting: [persisted])
        return (store, persisted)
    }

    func fileValue(_ folder: TemporaryFolder) -> Preferences? {
        guard let data = try? Data(contentsOf: folder.url.appendingPathComponent("preferences.json")) else { return nil }
        return try? JSONDecoder().decode(Preferences.self, from: data)
    }

    @Test func writesDebouncedOnlyTheLastValueAndRestoresItAtStart() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let scheduler = VirtualTimeScheduler()
        do {
            let (store, _) = makeStore(folder, scheduler: scheduler)
            store.dispatch(.theme("dark"))
            scheduler.advance(by: .milliseconds(500))
            store.dispatch(.theme("blue"))
            store.dispatch(.tick)  // another part: does not restart the wait
            scheduler.advance(by: .milliseconds(900))
            #expect(fileValue(folder) == nil)  // still within the quiet period
            scheduler.advance(by: .milliseconds(200))
            #expect(fileValue(folder)?.theme == "blue")
            store.dispatch(.theme("green"))  // pending when the store goes away
        }
        #expect(fileValue(folder)?.theme == "green")  // flushed at once
        let (store, persisted) = makeStore(folder, scheduler: scheduler)
        #expect(store.state.preferences.theme == "green")
        #expect(store.state.counter == 0)
        #expect(persisted.lastError == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("preferences.json.tmp").path))
    }

    @Test func aCorruptFileIsMovedAsideAndTheInitialValueKept() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("preferences.json")
        try Data("{not json".utf8).write(to: file)
        let (store, persisted) = makeStore(folder, scheduler: VirtualTimeScheduler())
        #expect(store.state.preferences == Preferences())
        guard case .unreadable(let path, _) = persisted.lastError else {
            Issue.record("expected unreadable, got \(String(describing: persisted.lastError))")
            return
        }
        #expect(path == file.path)
        #expect(try Data(contentsOf: file.appendingPathExtension("corrupt")) == Data("{not json".utf8))
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("preferences.json")
        try JSONEncoder().encode(Preferences(theme: String(repeating: "x", count: 200))).write(to: file)
        let persisted = Persisted(\PreferencesApp.preferences, file: file, maxBytes: 100)
        var state = PreferencesApp()
        persisted.restore(into: &state)
        #expect(state.preferences == Preferences())
        guard case .tooLarge = persisted.lastError else {
            Issue.record("expected tooLarge, got \(String(describing: persisted.lastError))")
            return
        }
    }

    @Test func persistsASubstateRegisteredByType() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("themed.json")
        let scheduler = VirtualTimeScheduler()
        let reducer = Reducer<Substates, String>(mutating: { states, theme throws(StoreError) in
            try states.update(Themed.self) { $0.theme = theme }
        })
        do {
            let store = Store(
                initialState: Substates([Themed()]), reducer: reducer,
                persisting: [Persisted(Substates.keyPath(Themed.self), file: file, on: scheduler)])
            store.dispatch("dark")
            scheduler.advance(by: .seconds(1))
        }
        let store = Store(
            initialState: Substates([Themed()]), reducer: reducer,
            persisting: [Persisted(Substates.keyPath(Themed.self), file: file, on: scheduler)])
        #expect(store.state[Themed.self]?.theme == "dark")
    }

    @Test func thePersistenceDoesNotOutliveItsStore() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        weak var weakPersisted: Persisted<PreferencesApp, Preferences>?
        weak var weakStore: Store<PreferencesApp, PreferencesAction>?
        do {
            let (store, persisted) = makeStore(folder, scheduler: VirtualTimeScheduler())
            weakPersisted = persisted
            weakStore = store
            store.dispatch(.theme("dark"))
        }
        #expect(weakStore == nil)
        #expect(weakPersisted == nil)
    }
}
