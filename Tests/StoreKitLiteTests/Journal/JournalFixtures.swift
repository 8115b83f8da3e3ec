import Foundation
import StoreKitLite

/// The journaled store of the journal tests: a log of integers.
struct Tally: Codable, Sendable, Equatable {
    var values: [Int] = []
    var total = 0
}

enum TallyAction: Codable, Sendable, Equatable {
    case append(Int)
    case refuse
    case blob(String)
}

let tallyReducer = Reducer<Tally, TallyAction>(mutating: { tally, action throws(StoreError) in
    switch action {
    case .append(let value):
        tally.values.append(value)
        tally.total += value
    case .refuse:
        throw .rejected("refused")
    case .blob(let text):
        tally.total += text.count
    }
})

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("journal-tests-\(UUID().uuidString)", isDirectory: true)
    }

    var journal: URL { url.appendingPathComponent("journal") }
    var snapshot: URL { url.appendingPathComponent("snapshot") }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Opens the journal and a store on it, sends `actions`, and closes the journal.
    @discardableResult
    func run(_ actions: [TallyAction], options: JournalOptions = JournalOptions()) async throws -> Tally {
        let journal = try FileJournal<Tally, TallyAction>(folder: url, options: options)
        let store = try Store(initialState: Tally(), reducer: tallyReducer, journal: journal)
        for action in actions { _ = try? await store.send(action) }
        try journal.close()
        return store.state
    }

    /// Opens the journal and restores a store from it.
    func open(options: JournalOptions = JournalOptions()) throws(JournalError) -> (Store<Tally, TallyAction>, FileJournal<Tally, TallyAction>) {
        let journal = try FileJournal<Tally, TallyAction>(folder: url, options: options)
        return (try Store(initialState: Tally(), reducer: tallyReducer, journal: journal), journal)
    }

    func bytes(of file: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: file))
    }

    func write(_ bytes: [UInt8], to file: URL) throws {
        try Data(bytes).write(to: file)
    }
}

/// The state a straight replay of `actions` gives.
func straightReplay(_ actions: [TallyAction]) -> Tally {
    var tally = Tally()
    for action in actions { try? tallyReducer(&tally, action) }
    return tally
}
