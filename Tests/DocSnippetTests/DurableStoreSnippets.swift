import Foundation
import StoreKitLite

// The snippets of StoreKitLite.docc/Articles/DurableStores.md.

enum DurableStoreSnippets {
    struct Orders: Codable, Sendable, Equatable {
        var placed: [String: Int] = [:]
    }

    enum OrderAction: Codable, Sendable {
        case place(id: String, amount: Int)
        case cancel(id: String)
    }

    static let orders = Reducer<Orders, OrderAction>(mutating: { orders, action throws(StoreError) in
        switch action {
        case .place(let id, let amount): orders.placed[id] = amount
        case .cancel(let id):
            guard orders.placed.removeValue(forKey: id) != nil else { throw .rejected("no order \(id)") }
        }
    })

    static func setUp(dataFolder: URL) async throws -> Orders {
        // snippet: DurableStoreSetUp
        let journal = try FileJournal<Orders, OrderAction>(
            folder: dataFolder,
            options: JournalOptions(sync: .always, snapshotEvery: 10_000)
        )
        // Loads the last snapshot, replays the journal after it, then journals every action.
        let store = try Store(initialState: Orders(), reducer: orders, journal: journal)
        let state = try await store.send(.place(id: "A-1", amount: 30))   // on disk when this returns
        // end
        return state
    }

    static func handleDamage(dataFolder: URL) {
        // snippet: DurableStoreErrors
        do throws(JournalError) {
            let journal = try FileJournal<Orders, OrderAction>(folder: dataFolder)
            let store = try Store(initialState: Orders(), reducer: orders, journal: journal)
            print("restored", journal.recovery.replayedActions, "actions;", store.state.placed.count, "orders")
        } catch .corruptRecord(let path, let offset, let reason) {
            print("damaged journal \(path) at byte \(offset): \(reason)")   // repair or restore a backup
        } catch {
            print("cannot open the journal: \(error)")
        }
        // end
    }

    static func repair(dataFolder: URL) throws {
        // snippet: DurableStoreRepair
        let report = try FileJournal<Orders, OrderAction>.repair(folder: dataFolder)
        if let problem = report.problem {
            print("repaired \(problem): removed \(report.removedRecords) records from byte \(report.removedFrom ?? 0);",
                  "kept actions 1...\(report.lastSequence); the old journal is at \(report.copy?.path ?? "-")")
        }
        // end
    }

    static func checkReplay(dataFolder: URL) async throws {
        // snippet: DurableStoreReplayCheck
        let journal = try FileJournal<Orders, OrderAction>(folder: dataFolder)
        let store = try Store(initialState: Orders(), reducer: orders, journal: journal, checkingReplay: true)
        _ = try await store.send(.place(id: "A-2", amount: 12))
        // At each snapshot, a replay that differs from the live state sets lastError; or check now:
        let replayed = try journal.replayedState(initialState: Orders(), reducer: orders)
        assert(replayed == store.state, "the reducer is not deterministic")
        // end
    }

    struct Settings: Codable, Sendable, Equatable {
        var theme = "light"
    }

    struct AppState: Sendable {
        var settings = Settings()
        var draft = ""
    }

    enum AppAction: Sendable { case theme(String) }

    static func persisted(settingsURL: URL) {
        let app = Reducer<AppState, AppAction>(mutating: { state, action in
            if case .theme(let theme) = action { state.settings.theme = theme }
        })
        // snippet: DurableStorePersisted
        let store = Store(initialState: AppState(), reducer: app,
                          persisting: [Persisted(\AppState.settings, file: settingsURL)])
        store.dispatch(.theme("dark"))   // written to settingsURL 500 ms later, atomically
        // end
    }
}
