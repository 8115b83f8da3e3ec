// The child process of StoreKitLiteTests' kill -9 test (FileJournalCrashTests): it opens a
// journal, checks the restored state, then sends actions forever, printing each acknowledged one.
//
// Usage: JournalCrashChild FOLDER always|batched|never SNAPSHOT_EVERY
// Prints `start N` (the restored state holds 0..<N, in order), then `ack K` after each
// `send(.append(K))` returned; `error …` and exit 1 if opening failed or the state is out of order.
import Foundation
import StoreKitLite

struct Log: Codable, Sendable, Equatable {
    var values: [Int] = []
}

enum LogAction: Codable, Sendable {
    case append(Int)
}

let reducer = Reducer<Log, LogAction>(mutating: { log, action in
    switch action {
    case .append(let value): log.values.append(value)
    }
})

/// Writes a line unbuffered, so that what the parent reads is exactly what was acknowledged.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let every = Int(arguments[3]) else {
    say("error usage")
    exit(2)
}
let sync: JournalSyncPolicy =
    switch arguments[2] {
    case "always": .always
    case "batched": .batched(every: .milliseconds(5))
    default: .never
    }
do {
    let journal = try FileJournal<Log, LogAction>(
        folder: URL(fileURLWithPath: arguments[1]), options: JournalOptions(sync: sync, snapshotEvery: every))
    let store = try Store(initialState: Log(), reducer: reducer, journal: journal)
    let values = store.state.values
    guard values == Array(0..<values.count) else {
        say("error out of order")
        exit(1)
    }
    say("start \(values.count)")
    var next = values.count
    while true {
        try await store.send(.append(next))
        say("ack \(next)")
        next += 1
    }
} catch {
    say("error \(error)")
    exit(1)
}
